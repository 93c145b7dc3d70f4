import { useTranslation } from '@/client/i18n';
import type { ProgramReport } from '@/modules/reports/program-report';
import styles from './staff.module.css';
import own from './program-admin.module.css';

/** The ambassador program's figures of the period (decision 0044), with what each one counts. */
export function ProgramReportView({ program }: { program: ProgramReport }) {
  const { t, i18n } = useTranslation(['program-admin', 'profile']);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const percent = (rate: number | null) => (rate === null ? '–' : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(rate));
  const { repeatVisits: repeat, points } = program;
  const figures: [string, string][] = [
    [t('reports.repeatRate'), percent(repeat.rate)],
    [t('reports.repeatVisitors'), number(repeat.repeat)],
    [t('reports.visitors'), number(repeat.visitors)],
    [t('reports.outstanding'), number(points.outstanding)],
    [t('reports.earned'), number(points.earned)],
    [t('reports.spent'), number(points.spent)],
    [t('reports.expired'), number(points.expired)],
    // Rewards redeemed and the member allotment's use, once those parts of the program provide them.
    ...program.lines.map((line): [string, string] => [t(`reports.lines.${line.key}`), number(line.value)]),
  ];
  return (
    <section className={styles.reportSection} aria-labelledby="report-program">
      <h2 id="report-program">{t('reports.title')}</h2>
      <p className={styles.note}>{t('reports.note')}</p>
      <dl className={styles.summary}>
        {figures.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 id="report-tiers">{t('reports.byTier')}</h3>
      <div className={own.scroll} tabIndex={0} role="region" aria-labelledby="report-tiers">
        <table className={own.table}>
          <thead>
            <tr>
              <th scope="col">{t('reports.tier')}</th>
              <th scope="col">{t('reports.members')}</th>
            </tr>
          </thead>
          <tbody>
            {program.byTier.map((row) => (
              <tr key={row.tierId}>
                <td>{t(`profile:program.tiers.${row.tierId}`, { defaultValue: row.tierId })}</td>
                <td>{number(row.members)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>{t('reports.total')}</td>
              <td>{number(program.members)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
