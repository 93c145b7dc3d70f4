// Visitors admitted and no-shows by visit day (the slot's local date), over every channel's bookings in
// our inventory (modules/inventory/visits-by-day.ts; the gate admits those). Definitions (decision 0021):
// - tickets: the tickets of confirmed bookings (used ones included) whose slot starts that day;
// - admitted: tickets admitted at the gate and not undone; a booking redeemed as a whole (the operator's
//   redeem, a supplier's webhook) without single admissions counts all its tickets;
// - no-shows: tickets of those bookings not admitted, once the slot has ended; until then they are
//   still expected. Cancelled bookings are neither.
import type { Database } from '@/server/db/client';
import { visitsByDay } from '../inventory/visits-by-day';

export type VisitFigures = { tickets: number; admitted: number; noShows: number; expected: number };
export type VisitsReport = { byDay: (VisitFigures & { date: string })[]; totals: VisitFigures };

export async function visitsReport(db: Database, period: { start: Date; end: Date; days: string[]; timeZone: string; now: Date; ownInventory?: boolean }): Promise<VisitsReport> {
  const rows = await visitsByDay(db, period);
  const dayOf = new Map(rows.map((r) => [r.date, r]));
  const byDay = period.days.map((date) => {
    const r = dayOf.get(date);
    return { date, tickets: r?.tickets ?? 0, admitted: r?.admitted ?? 0, noShows: r?.noShows ?? 0, expected: r?.expected ?? 0 };
  });
  const totals = byDay.reduce(
    (sum, d) => ({ tickets: sum.tickets + d.tickets, admitted: sum.admitted + d.admitted, noShows: sum.noShows + d.noShows, expected: sum.expected + d.expected }),
    { tickets: 0, admitted: 0, noShows: 0, expected: 0 },
  );
  return { byDay, totals };
}
