import { useTranslation } from '@/client/i18n';
import { productTitle, optionTitle } from '@/client/i18n/catalog-names';
import type { DayOverview } from '@/modules/staff/day-overview';
import { formatDate, formatTime } from '@/universal/format/date-time';
import styles from './staff.module.css';

const COLUMNS = ['capacity', 'held', 'sold', 'admitted', 'expected'] as const;

/** Each slot of the day, then the day's total. */
export function DayTable({ day }: { day: DayOverview }) {
  const { t, i18n } = useTranslation('staff');
  if (day.slots.length === 0) return <p className={styles.muted}>{t('today.noSlots')}</p>;
  return (
    // Wide tables scroll sideways (focusable, so the keyboard can scroll them); on a phone the rows stack.
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('today.caption', { date: formatDate(day.date, i18n.language) })}>
      <table className={styles.table}>
        <caption className={styles.muted}>{t('today.caption', { date: formatDate(day.date, i18n.language) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('today.slot')}</th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {t(`today.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {day.slots.map((s) => (
            <tr key={`${s.optionId} ${s.availabilityId}`}>
              <td>
                {formatTime(s.availabilityId, i18n.language)} · {productTitle(t, s.productId)} · {optionTitle(t, s.optionId)}
                {s.status === 'CLOSED' && <span className={styles.muted}> · {t('today.closed')}</span>}
              </td>
              {COLUMNS.map((c) => (
                <td key={c} data-label={t(`today.${c}`)}>
                  {s[c]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>{t('today.total')}</td>
            {COLUMNS.map((c) => (
              <td key={c} data-label={t(`today.${c}`)}>
                {day.totals[c]}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
