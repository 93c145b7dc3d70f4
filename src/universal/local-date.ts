// Calendar dates as the attraction writes them ("2026-11-21"), independent of any clock or time zone
// but the one passed in. Pure and framework-free: the catalogue, the local supplier and the browser's
// calendar all count days with these.

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date "yyyy-MM-dd" (not 2026-02-30). */
export function isLocalDate(value: string): boolean {
  const match = LOCAL_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The date part of a local date or an ISO date-time: the part before T. */
export const localDatePart = (value: string): string => value.split('T')[0] ?? '';

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(localDate: string): number {
  return new Date(`${localDate}T12:00:00Z`).getUTCDay();
}

export function addLocalDays(localDate: string, days: number): string {
  const noon = new Date(`${localDate}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + days);
  return noon.toISOString().slice(0, 10);
}

/** Every local date from start to end, inclusive. */
export function localDatesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let d = start; d <= end; d = addLocalDays(d, 1)) dates.push(d);
  return dates;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
let lastToday: { key: string; date: string } | undefined;

/** The local date at `now` in a time zone; remembered for the minute, as every availability request asks it. */
export function todayIn(timeZone: string, now = new Date()): string {
  const key = `${timeZone}|${Math.floor(now.getTime() / 60_000)}`;
  if (lastToday?.key === key) return lastToday.date;
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  lastToday = { key, date: `${part('year')}-${part('month')}-${part('day')}` };
  return lastToday.date;
}
