import { useTranslation } from '@/client/i18n';
import type { Verdict } from '@/modules/gate/scan-ticket';
import { formatDate, formatTime } from '@/universal/format/date-time';
import styles from './staff.module.css';

const LOOK: Record<Verdict['verdict'], { tone: 'ok' | 'used' | 'bad'; icon: string }> = {
  VALID: { tone: 'ok', icon: '✔' },
  ALREADY_USED: { tone: 'used', icon: '⟲' },
  WRONG_DAY: { tone: 'bad', icon: '📅' },
  WRONG_TIME: { tone: 'bad', icon: '⏱' },
  CANCELLED: { tone: 'bad', icon: '✖' },
  CHANGED: { tone: 'bad', icon: '⇄' },
  UNKNOWN: { tone: 'bad', icon: '?' },
  FORGED: { tone: 'bad', icon: '⚠' },
};

/** The answer to a scan: large, coloured, with an icon and words, announced at once to screen readers. */
export function VerdictPanel({ verdict }: { verdict: Verdict }) {
  const { t, i18n } = useTranslation('staff');
  const { t: tp } = useTranslation('passes');
  const locale = i18n.language;
  const look = LOOK[verdict.verdict];
  let detail: string;
  switch (verdict.verdict) {
    case 'VALID':
      detail =
        verdict.admitted.length > 0
          ? t('verdict.admit', { count: verdict.admitted.length, reference: verdict.booking.reference })
          : t('verdict.choose', { count: verdict.booking.tickets.filter((x) => !x.admittedAt).length, reference: verdict.booking.reference });
      break;
    case 'ALREADY_USED':
      detail = t('verdict.usedDetail', { time: formatTime(verdict.usedAt, locale), gate: verdict.usedGate ?? '—', by: verdict.usedBy ?? t('verdict.operator') });
      break;
    case 'WRONG_DAY':
    case 'WRONG_TIME':
      detail = t('verdict.bookedFor', { date: formatDate(verdict.booking.availabilityId, locale), time: formatTime(verdict.booking.slotStart, locale) });
      break;
    case 'CANCELLED':
      detail = t('verdict.cancelledDetail', { reference: verdict.booking.reference });
      break;
    case 'CHANGED':
      detail = t('verdict.changedDetail', {
        reference: verdict.booking.reference,
        date: formatDate(verdict.booking.availabilityId, locale),
        time: formatTime(verdict.booking.slotStart, locale),
      });
      break;
    default:
      detail = t(`verdict.${verdict.verdict}_detail`);
  }
  return (
    <div className={styles.verdict} data-tone={look.tone} data-verdict={verdict.verdict} role="alert">
      <span className={styles.verdictIcon} aria-hidden="true">
        {look.icon}
      </span>
      <p className={styles.verdictTitle}>{t(`verdict.${verdict.verdict}`)}</p>
      <p className={styles.verdictDetail}>{detail}</p>
      {'booking' in verdict && verdict.booking.annualPass && <p className={styles.verdictDetail}>{tp('gate.label')}</p>}
    </div>
  );
}
