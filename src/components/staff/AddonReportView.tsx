// The sales report's add-on lines (managers, /staff/reports; decision 0050): sold, revenue and handed out.
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { AddonFigures } from '@/modules/reports/addon-report';
import { formatMoney } from '@/universal/format/money';
import styles from './staff.module.css';

export function AddonReportView({ addons, currency }: { addons: AddonFigures[]; currency: string }) {
  const { t } = useTranslation('addons');
  const { locale = 'en' } = useRouter();
  return (
    <section className={styles.reportSection} aria-labelledby="report-addons">
      <h2 id="report-addons">{t('report.heading')}</h2>
      {addons.length === 0 ? (
        <p className={styles.note}>{t('report.none')}</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="report-addons">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('report.addon')}</th>
                <th scope="col">{t('report.sold')}</th>
                <th scope="col">{t('report.revenue')}</th>
                <th scope="col">{t('report.handedOut')}</th>
              </tr>
            </thead>
            <tbody>
              {addons.map((row) => (
                <tr key={row.addonId} data-addon={row.addonId}>
                  <td>{t(`names.${row.addonId}.title`, { defaultValue: row.addonId })}</td>
                  <td data-label={t('report.sold')}>{row.sold}</td>
                  <td data-label={t('report.revenue')}>{formatMoney(row.revenue, currency, locale)}</td>
                  <td data-label={t('report.handedOut')}>{row.handedOut}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
