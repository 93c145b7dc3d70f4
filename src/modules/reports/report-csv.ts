// One CSV per report of the period: ISO dates, amounts in minor units and as decimals, the currency on
// every money row, and names in the caller's language next to the stable ids.
import { AppError } from '@/server/errors';
import { decimalAmount, toCsv, type CsvCell } from './csv';
import { CSV_REPORTS, type CsvReport } from '@/universal/report-kinds';
import type { SalesFigures } from './sales-report';
import type { StaffReport } from './staff-report';


export function csvReportName(value: string | undefined): CsvReport {
  const found = CSV_REPORTS.find((r) => r === value);
  if (!found) throw new AppError('VALIDATION', 'reportUnknown', { report: String(value ?? ''), choices: CSV_REPORTS.join(', ') });
  return found;
}

/** Names people read, in the caller's language. */
export type ReportNames = { product: (id: string) => string; channel: (id: string) => string; drop: (id: string) => string; tier?: (id: string) => string; addon?: (id: string) => string };

const MONEY_HEADER = ['bookings', 'tickets', 'gross_minor', 'gross', 'refunds_minor', 'refunds', 'net_minor', 'net', 'currency'];

function money(f: SalesFigures, currency: string): CsvCell[] {
  return [f.bookings, f.tickets, f.gross, decimalAmount(f.gross), f.refunds, decimalAmount(f.refunds), f.net, decimalAmount(f.net), currency];
}

export function reportCsv(report: StaffReport, kind: CsvReport, names: ReportNames): string {
  const { sales, currency } = report;
  switch (kind) {
    case 'sales-by-day':
      return toCsv(['date', ...MONEY_HEADER], sales.byDay.map((d) => [d.date, ...money(d, currency)]));
    case 'sales-by-product':
      return toCsv(['product_id', 'product', ...MONEY_HEADER], sales.byProduct.map((p) => [p.productId, names.product(p.productId), ...money(p, currency)]));
    case 'sales-by-channel':
      return toCsv(['channel_id', 'channel', ...MONEY_HEADER], sales.byChannel.map((c) => [c.channel, names.channel(c.channel), ...money(c, currency)]));
    case 'sales-by-addon':
      return toCsv(
        ['addon_id', 'addon', 'sold', 'revenue_minor', 'revenue', 'handed_out', 'currency'],
        sales.addons.map((a) => [a.addonId, names.addon?.(a.addonId) ?? a.addonId, a.sold, a.revenue, decimalAmount(a.revenue), a.handedOut, currency]),
      );
    case 'admissions':
      return toCsv(['visit_date', 'tickets', 'admitted', 'no_shows', 'expected'], report.visits.byDay.map((d) => [d.date, d.tickets, d.admitted, d.noShows, d.expected]));
    case 'occupancy-by-hour':
      return toCsv(['date', 'hour', 'entries', 'exits', 'peak_inside'], report.occupancy.byHour.map((h) => [h.date, h.hour, h.entries, h.exits, h.peak]));
    case 'members':
      return toCsv(['date', 'members_joined'], report.members.byDay.map((d) => [d.date, d.joined]));
    case 'tokens':
      return toCsv(['drop_id', 'drop', 'tokens_issued'], report.tokens.byDrop.map((d) => [d.dropId, names.drop(d.dropId), d.issued]));
    case 'program':
      return programCsv(report, names);
  }
}

/** The program's figures, one per row (decision 0044): members by tier (now), repeat visits and points. */
function programCsv({ program }: StaffReport, names: ReportNames): string {
  const { repeatVisits: repeat, points } = program;
  return toCsv(
    ['figure', 'id', 'name', 'value'],
    [
      ...program.byTier.map((t): CsvCell[] => ['members_by_tier', t.tierId, names.tier?.(t.tierId) ?? t.tierId, t.members]),
      ['repeat_visits', 'visitors', '', repeat.visitors],
      ['repeat_visits', 'repeat_visitors', '', repeat.repeat],
      ['repeat_visits', 'rate', '', repeat.rate === null ? '' : repeat.rate.toFixed(4)],
      ...(['outstanding', 'earned', 'spent', 'expired'] as const).map((k): CsvCell[] => ['points', k, '', points[k]]),
      ...program.lines.map((l): CsvCell[] => ['program', l.key, '', l.value]),
    ],
  );
}

export const csvFilename = (report: StaffReport, kind: CsvReport) => `skypass-${kind}-${report.range.from}-to-${report.range.to}.csv`;
