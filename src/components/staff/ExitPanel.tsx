import { useTranslation } from '@/client/i18n';
import type { ExitAnswer } from '@/modules/gate/record-exit';
import styles from './staff.module.css';

const TONE: Record<ExitAnswer['exit'], 'ok' | 'used' | 'bad'> = { LEFT: 'ok', NOBODY_INSIDE: 'used', NOT_INSIDE: 'bad', UNKNOWN: 'bad' };

/** The answer to an exit (decision 0045): whether someone was counted out, and how many are on the deck now. */
export function ExitPanel({ answer }: { answer: ExitAnswer }) {
  const { t } = useTranslation('staff');
  const detail = answer.exit === 'LEFT' && !answer.ticket ? t('exit.LEFT_counted') : t(`exit.${answer.exit}_detail`, { ticket: answer.ticket ?? '' });
  return (
    <div className={styles.verdict} data-tone={TONE[answer.exit]} data-exit={answer.exit} role="alert">
      <span className={styles.verdictIcon} aria-hidden="true">
        {answer.exit === 'LEFT' ? '↗' : answer.exit === 'UNKNOWN' ? '?' : '✖'}
      </span>
      <p className={styles.verdictTitle}>{t(`exit.${answer.exit}`)}</p>
      <p className={styles.verdictDetail}>
        {detail} {t('gate.occupancy', answer.occupancy)}
      </p>
    </div>
  );
}
