// Managers' list of till shifts (decision 0053): who, when, float, cash in and out, expected, counted, difference.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { TillShiftView } from '@/modules/box-office/till';
import { formatMoney } from '@/universal/format/money';
import { formatShortDate, formatTime } from '@/universal/format/date-time';
import { todayIn } from '@/universal/local-date';
import { TIME_ZONE } from '@/config/attraction';
import styles from './box-office.module.css';

export function ShiftList({ shifts }: { shifts: TillShiftView[] }) {
  const { t } = useTranslation('boxoffice');
  const { locale = 'en' } = useRouter();
  if (shifts.length === 0) return <p>{t('shifts.none')}</p>;
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('shifts.heading')}>
      <table className={styles.table}>
        <caption>{t('shifts.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('shifts.staff')}</th>
            <th scope="col">{t('shifts.opened')}</th>
            <th scope="col">{t('shifts.closedAt')}</th>
            <th scope="col">{t('till.float')}</th>
            <th scope="col">{t('shifts.in')}</th>
            <th scope="col">{t('shifts.out')}</th>
            <th scope="col">{t('till.expected')}</th>
            <th scope="col">{t('shifts.counted')}</th>
            <th scope="col">{t('shifts.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {shifts.map((s) => {
            const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, s.currency, locale));
            return (
              <tr key={s.id}>
                <td>{s.staffEmail}</td>
                <td>
                  {formatShortDate(todayIn(TIME_ZONE, new Date(s.openedAt)), locale)} {formatTime(s.openedAt, locale)}
                </td>
                <td>{s.closedAt ? formatTime(s.closedAt, locale) : t('shifts.stillOpen')}</td>
                <td>{money(s.float)}</td>
                <td>{money(s.cashIn)}</td>
                <td>{money(s.cashOut)}</td>
                <td>{money(s.expected)}</td>
                <td>{money(s.counted)}</td>
                <td className={s.difference && s.difference < 0 ? styles.short : undefined}>{money(s.difference)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
