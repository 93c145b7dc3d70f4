// Visitors admitted and no-shows by visit day (the slot's local date), over every channel's bookings in
// our inventory (modules/inventory/visits-by-day.ts; the gate admits those). Definitions (decision 0021):
// - tickets: the tickets of confirmed bookings (used ones included) whose slot starts that day;
// - admitted: tickets admitted at the gate and not undone; a booking redeemed as a whole (the operator's
//   redeem, a supplier's webhook) without single admissions counts all its tickets;
// - no-shows: tickets of those bookings not admitted, once the slot has ended; until then they are
//   still expected. Cancelled bookings are neither.
// Ended days are summed ahead by the reports' job (visits-days.ts, decision 0059).
import type { Database } from '@/server/db/client';
import { visitDays } from './visits-days';

export type VisitFigures = { tickets: number; admitted: number; noShows: number; expected: number };
export type VisitsReport = { byDay: (VisitFigures & { date: string })[]; totals: VisitFigures };

const NONE: VisitFigures = { tickets: 0, admitted: 0, noShows: 0, expected: 0 };
const plus = (a: VisitFigures, b: VisitFigures): VisitFigures => ({
  tickets: a.tickets + b.tickets,
  admitted: a.admitted + b.admitted,
  noShows: a.noShows + b.noShows,
  expected: a.expected + b.expected,
});

/** `summed: false` reads the bookings alone (what the sums must equal: tests/integration/summed-days.test.ts). */
export async function visitsReport(
  db: Database,
  period: { start: Date; end: Date; days: string[]; timeZone: string; now: Date; ownInventory?: boolean },
  options: { summed?: boolean } = {},
): Promise<VisitsReport> {
  const dayOf = new Map<string, VisitFigures>();
  // A day may come twice: its bookings summed, and an external supplier's orders read.
  for (const { date, ...figures } of await visitDays(db, period, options.summed !== false)) dayOf.set(date, plus(dayOf.get(date) ?? NONE, figures));
  const byDay = period.days.map((date) => ({ date, ...(dayOf.get(date) ?? NONE) }));
  return { byDay, totals: byDay.reduce(plus, NONE) };
}
