// The reports' promo lines (managers, /staff/reports): uses and discount per code in the period.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { Card } from '@/components/ui/Card';
import type { PromoReport } from '@/modules/promos/promo-report';
import { formatMoney } from '@/universal/format/money';
import styles from './staff.module.css';

export function PromoReportView({ report, currency }: { report: PromoReport; currency: string }) {
  const { t } = useTranslation('promos');
  const { locale = 'en' } = useRouter();
  const money = (cents: number) => formatMoney(cents, currency, locale);
  return (
    <Card>
      <h2>{t('report.heading')}</h2>
      <p>{t('report.total', { uses: report.uses, amount: money(report.cents) })}</p>
      {report.byCode.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('report.heading')}>
          <table className={styles.table}>
            <caption className={styles.srOnly}>{t('report.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.code')}</th>
                <th scope="col">{t('report.uses')}</th>
                <th scope="col">{t('report.discount')}</th>
              </tr>
            </thead>
            <tbody>
              {report.byCode.map((row) => (
                <tr key={row.code}>
                  <td>{row.code}</td>
                  <td data-label={t('report.uses')}>{row.uses}</td>
                  <td data-label={t('report.discount')}>{money(row.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
