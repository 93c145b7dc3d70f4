import { useMemo, type ReactNode } from 'react';
import { productTitle } from '@/client/i18n/catalog-names';
import { useTranslation } from '@/client/i18n';
import { AddonReportView } from './AddonReportView';
import { CSV_REPORTS } from '@/universal/report-kinds';
import type { StaffReport } from '@/modules/reports/staff-report';
import { formatShortDate } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { ProgramReportView } from './ProgramReportView';
import { ReportChart, type ChartSeries } from './ReportChart';
import styles from './staff.module.css';

const COLORS = { navy: '#1d3a6e', teal: '#0e7c7b', amber: '#b54708', red: '#b42318', violet: '#5b3da8' };

type Column<Row> = { header: string; value: (row: Row) => ReactNode };

/** The numbers behind a chart, for everyone (a screen reader reads the table, not the canvas). */
function FiguresTable<Row>({ caption, rows, columns, rowKey, footer }: { caption: string; rows: Row[]; columns: Column<Row>[]; rowKey: (row: Row) => string; footer?: ReactNode[] }) {
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        {/* The heading above names the table on screen; the caption names it for screen readers. */}
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header}>{c.value(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              {footer.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

function Summary({ items }: { items: [string, string][] }) {
  return (
    <dl className={styles.summary}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every report of the period: a chart, its figures and what they count, and the CSV downloads. */
export function ReportView({ report }: { report: StaffReport }) {
  const { t, i18n } = useTranslation(['staff', 'catalog', 'drops']);
  const locale = i18n.language;
  const { sales, visits, members, tokens, currency, range } = report;
  const money = useMemo(() => (minor: number) => formatMoney(minor, currency, locale), [currency, locale]);
  const number = useMemo(() => {
    const format = new Intl.NumberFormat(locale);
    return (n: number) => format.format(n);
  }, [locale]);
  const day = (date: string) => formatShortDate(date, locale);
  // An hour of the day as its start, in the page's language (9:00, 9 AM, 9時…).
  const hour = (h: number) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, h));
  const product = (id: string) => productTitle(t, id);
  const channel = (c: { channel: string; kind: string }) => (c.kind === 'website' ? t('reports.website') : c.kind === 'box-office' ? t('reports.boxOffice') : c.channel);
  const dayLabels = useMemo(() => sales.byDay.map((d) => formatShortDate(d.date, locale)), [sales.byDay, locale]);

  const salesSeries = useMemo<ChartSeries[]>(
    () => [
      { label: t('reports.gross'), data: sales.byDay.map((d) => d.gross), color: COLORS.navy },
      { label: t('reports.refunds'), data: sales.byDay.map((d) => -d.refunds), color: COLORS.amber },
    ],
    [sales.byDay, t],
  );
  const productSeries = useMemo<ChartSeries[]>(() => [{ label: t('reports.net'), data: sales.byProduct.map((p) => p.net), color: COLORS.teal }], [sales.byProduct, t]);
  const channelSeries = useMemo<ChartSeries[]>(() => [{ label: t('reports.net'), data: sales.byChannel.map((c) => c.net), color: COLORS.violet }], [sales.byChannel, t]);
  const visitSeries = useMemo<ChartSeries[]>(
    () => [
      { label: t('reports.admitted'), data: visits.byDay.map((d) => d.admitted), color: COLORS.teal },
      { label: t('reports.noShows'), data: visits.byDay.map((d) => d.noShows), color: COLORS.red },
      { label: t('reports.expected'), data: visits.byDay.map((d) => d.expected), color: '#98a2b3' },
    ],
    [visits.byDay, t],
  );
  const memberSeries = useMemo<ChartSeries[]>(() => [{ label: t('reports.joined'), data: members.byDay.map((d) => d.joined), color: COLORS.navy }], [members.byDay, t]);
  const tokenSeries = useMemo<ChartSeries[]>(() => [{ label: t('reports.issued'), data: tokens.byDrop.map((d) => d.issued), color: COLORS.violet }], [tokens.byDrop, t]);
  const productLabels = useMemo(() => sales.byProduct.map((p) => productTitle(t, p.productId)), [sales.byProduct, t]);
  const channelLabels = useMemo(() => sales.byChannel.map((c) => (c.kind === 'website' ? t('reports.website') : c.kind === 'box-office' ? t('reports.boxOffice') : c.channel)), [sales.byChannel, t]);
  const dropLabels = useMemo(() => tokens.byDrop.map((d) => t(`drops:${d.dropId}.name`)), [tokens.byDrop, t]);

  const moneyColumns = [
    { header: t('reports.bookings'), value: (r: { bookings: number }) => number(r.bookings) },
    { header: t('reports.tickets'), value: (r: { tickets: number }) => number(r.tickets) },
    { header: t('reports.gross'), value: (r: { gross: number }) => money(r.gross) },
    { header: t('reports.refunds'), value: (r: { refunds: number }) => money(r.refunds) },
    { header: t('reports.net'), value: (r: { net: number }) => money(r.net) },
  ];
  const totals = sales.totals;
  const moneyFooter = [t('reports.total'), number(totals.bookings), number(totals.tickets), money(totals.gross), money(totals.refunds), money(totals.net)];
  // The file's names (products, channels, tokens) in the page's language.
  const csv = (report: string) => `/api/staff/reports/csv?report=${report}&from=${range.from}&to=${range.to}&locale=${locale}`;
  const period = { from: day(range.from), to: day(range.to) };

  return (
    <>
      <section className={styles.reportSection} aria-labelledby="report-sales">
        <h2 id="report-sales">{t('reports.sales.title')}</h2>
        <Summary
          items={[
            [t('reports.bookings'), number(totals.bookings)],
            [t('reports.tickets'), number(totals.tickets)],
            [t('reports.gross'), money(totals.gross)],
            [t('reports.refunds'), money(totals.refunds)],
            [t('reports.net'), money(totals.net)],
          ]}
        />
        <p className={styles.note} data-testid="paid-by-gift-cards">
          {t('gcrefunds:report.giftCardsPaid', { amount: money(sales.paidByGiftCards) })}
        </p>
        {sales.passes && (
          <>
            <h3>{t('passes:report.heading')}</h3>
            <p className={styles.note}>{t('passes:report.note')}</p>
            <Summary
              items={[
                [t('passes:report.sold'), number(sales.passes.sold)],
                [t('passes:report.renewed'), number(sales.passes.renewed)],
                [t('passes:report.revenue'), money(sales.passes.revenue)],
              ]}
            />
          </>
        )}
        <h3>{t('reports.sales.byDay')}</h3>
        <p className={styles.note}>{t('reports.sales.note')}</p>
        <ReportChart name={t('reports.sales.byDayChart', period)} labels={dayLabels} series={salesSeries} stacked formatValue={money} />
        <details>
          <summary>{t('reports.figuresByDay')}</summary>
          <FiguresTable caption={t('reports.sales.byDayChart', period)} rows={sales.byDay} rowKey={(r) => r.date} columns={[{ header: t('reports.date'), value: (r) => day(r.date) }, ...moneyColumns]} footer={moneyFooter} />
        </details>

        <h3>{t('reports.sales.byProduct')}</h3>
        <ReportChart name={t('reports.sales.byProductChart', period)} labels={productLabels} series={productSeries} formatValue={money} />
        <FiguresTable caption={t('reports.sales.byProductChart', period)} rows={sales.byProduct} rowKey={(r) => r.productId} columns={[{ header: t('reports.product'), value: (r) => product(r.productId) }, ...moneyColumns]} footer={moneyFooter} />

        <h3>{t('reports.sales.byChannel')}</h3>
        <p className={styles.note}>{t('reports.sales.channelNote')}</p>
        <ReportChart name={t('reports.sales.byChannelChart', period)} labels={channelLabels} series={channelSeries} formatValue={money} />
        <FiguresTable caption={t('reports.sales.byChannelChart', period)} rows={sales.byChannel} rowKey={(r) => r.channel} columns={[{ header: t('reports.channel'), value: channel }, ...moneyColumns]} footer={moneyFooter} />
      </section>

      <AddonReportView addons={sales.addons} currency={report.currency} />

      <section className={styles.reportSection} aria-labelledby="report-visits">
        <h2 id="report-visits">{t('reports.visits.title')}</h2>
        <p className={styles.note}>{t('reports.visits.note')}</p>
        <Summary
          items={[
            [t('reports.tickets'), number(visits.totals.tickets)],
            [t('reports.admitted'), number(visits.totals.admitted)],
            [t('reports.noShows'), number(visits.totals.noShows)],
            [t('reports.expected'), number(visits.totals.expected)],
          ]}
        />
        <ReportChart name={t('reports.visits.chart', period)} labels={dayLabels} series={visitSeries} stacked counts formatValue={number} />
        <details>
          <summary>{t('reports.figuresByDay')}</summary>
          <FiguresTable
            caption={t('reports.visits.chart', period)}
            rows={visits.byDay}
            rowKey={(r) => r.date}
            columns={[
              { header: t('reports.visitDate'), value: (r) => day(r.date) },
              { header: t('reports.tickets'), value: (r) => number(r.tickets) },
              { header: t('reports.admitted'), value: (r) => number(r.admitted) },
              { header: t('reports.noShows'), value: (r) => number(r.noShows) },
              { header: t('reports.expected'), value: (r) => number(r.expected) },
            ]}
            footer={[t('reports.total'), number(visits.totals.tickets), number(visits.totals.admitted), number(visits.totals.noShows), number(visits.totals.expected)]}
          />
        </details>
      </section>

      <section className={styles.reportSection} aria-labelledby="report-occupancy">
        <h2 id="report-occupancy">{t('reports.occupancy.title')}</h2>
        <p className={styles.note}>{t('reports.occupancy.note')}</p>
        {report.occupancy.byHour.length === 0 ? (
          <p className={styles.muted}>{t('reports.occupancy.none')}</p>
        ) : (
          <>
            <Summary items={[[t('reports.occupancy.peak'), number(report.occupancy.peak)]]} />
            {/* One day's hours at once; a longer period's behind a click (a month is some 400 rows). */}
            <details open={range.from === range.to}>
              <summary>{t('reports.occupancy.figures')}</summary>
              <FiguresTable
                caption={t('reports.occupancy.caption', period)}
                rows={report.occupancy.byHour}
                rowKey={(r) => `${r.date} ${r.hour}`}
                columns={[
                  { header: t('reports.date'), value: (r) => day(r.date) },
                  { header: t('reports.occupancy.hour'), value: (r) => hour(r.hour) },
                  { header: t('reports.occupancy.entries'), value: (r) => number(r.entries) },
                  { header: t('reports.occupancy.exits'), value: (r) => number(r.exits) },
                  { header: t('reports.occupancy.peakInside'), value: (r) => number(r.peak) },
                ]}
              />
            </details>
          </>
        )}
      </section>

      <section className={styles.reportSection} aria-labelledby="report-members">
        <h2 id="report-members">{t('reports.members.title')}</h2>
        <p className={styles.note}>{t('reports.members.note')}</p>
        <Summary items={[[t('reports.joined'), number(members.total)]]} />
        <ReportChart name={t('reports.members.chart', period)} labels={dayLabels} series={memberSeries} counts formatValue={number} />
        <details>
          <summary>{t('reports.figuresByDay')}</summary>
          <FiguresTable
            caption={t('reports.members.chart', period)}
            rows={members.byDay}
            rowKey={(r) => r.date}
            columns={[
              { header: t('reports.date'), value: (r) => day(r.date) },
              { header: t('reports.joined'), value: (r) => number(r.joined) },
            ]}
            footer={[t('reports.total'), number(members.total)]}
          />
        </details>
      </section>

      <section className={styles.reportSection} aria-labelledby="report-tokens">
        <h2 id="report-tokens">{t('reports.tokens.title')}</h2>
        <p className={styles.note}>{t('reports.tokens.note')}</p>
        <ReportChart name={t('reports.tokens.chart', period)} labels={dropLabels} series={tokenSeries} counts formatValue={number} />
        <FiguresTable
          caption={t('reports.tokens.chart', period)}
          rows={tokens.byDrop}
          rowKey={(r) => r.dropId}
          columns={[
            { header: t('reports.drop'), value: (r) => t(`drops:${r.dropId}.name`) },
            { header: t('reports.issued'), value: (r) => number(r.issued) },
          ]}
          footer={[t('reports.total'), number(tokens.total)]}
        />
      </section>

      <ProgramReportView program={report.program} />

      <section className={styles.reportSection} aria-labelledby="report-downloads">
        <h2 id="report-downloads">{t('reports.downloads.title')}</h2>
        <p className={styles.note}>{t('reports.downloads.note')}</p>
        <ul className={styles.downloads}>
          {CSV_REPORTS.map((r) => (
            <li key={r}>
              <a href={csv(r)} download>
                {t(`reports.downloads.${r}`)}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
