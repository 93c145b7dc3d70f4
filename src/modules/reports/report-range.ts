// The period of a staff report: two local dates (the attraction's time zone), both included. Without
// them, the last 30 days up to today; at most 366 days, so one query never scans years of sales.
import { TZDate } from '@date-fns/tz';
import { AppError } from '@/server/errors';
import { addLocalDays, isLocalDate } from '@/universal/local-date';
import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS } from '@/universal/report-kinds';


export type ReportRange = { from: string; to: string };

/** Days from `from` to `to`, both counted (2026-11-01 to 2026-11-30 is 30). */
export function daysIn(range: ReportRange): number {
  return Math.round((Date.parse(`${range.to}T12:00:00Z`) - Date.parse(`${range.from}T12:00:00Z`)) / 86_400_000) + 1;
}

/** The range asked for, checked: a bad date, an end before the start or too long a range is a 400. */
export function reportRange(query: { from?: string; to?: string }, today: string): ReportRange {
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isLocalDate(value)) throw new AppError('VALIDATION', 'reportDateInvalid', { field });
  }
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addLocalDays(to, -(DEFAULT_REPORT_DAYS - 1));
  if (from > to) throw new AppError('VALIDATION', 'reportRangeOrder', { from, to });
  if (daysIn({ from, to }) > MAX_REPORT_DAYS) throw new AppError('VALIDATION', 'reportRangeTooLong', { max: MAX_REPORT_DAYS });
  return { from, to };
}

/** The instants where the range starts and ends (midnight after `to`), in the attraction's time zone. */
export function rangeInstants(range: ReportRange, timeZone: string): { start: Date; end: Date } {
  const midnight = (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
  };
  return { start: midnight(range.from), end: midnight(addLocalDays(range.to, 1)) };
}
