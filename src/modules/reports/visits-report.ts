// Visitors admitted and no-shows by visit day (the slot's local date), over every channel's bookings at
// our local supplier (the gate admits those). Definitions (decision 0021):
// - tickets: the tickets of confirmed bookings (used ones included) whose slot starts that day;
// - admitted: tickets admitted at the gate and not undone; a booking redeemed as a whole (the operator's
//   redeem, a supplier's webhook) without single admissions counts all its tickets;
// - no-shows: tickets of those bookings not admitted, once the slot has ended; until then they are
//   still expected. Cancelled bookings are neither.
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { localDay, rowsOf } from './sql-rows';

export type VisitFigures = { tickets: number; admitted: number; noShows: number; expected: number };
export type VisitsReport = { byDay: (VisitFigures & { date: string })[]; totals: VisitFigures };

type Row = VisitFigures & { date: string };

export async function visitsReport(db: Database, period: { start: Date; end: Date; days: string[]; timeZone: string; now: Date }): Promise<VisitsReport> {
  const rows = await rowsOf<Row>(
    db,
    sql`select day as date, sum(unit_count)::int as tickets, sum(admitted)::int as admitted,
          sum(case when slot_end <= ${period.now} then greatest(unit_count - admitted, 0) else 0 end)::int as "noShows",
          sum(case when slot_end > ${period.now} then greatest(unit_count - admitted, 0) else 0 end)::int as expected
        from (
          select ${localDay(sql.raw('b.slot_start'), period.timeZone)} as day, b.unit_count, b.slot_end,
            coalesce(nullif((select count(*) from ticket_redemptions tr where tr.booking_uuid = b.uuid and tr.undone_at is null), 0),
              case when b.status = 'REDEEMED' then b.unit_count else 0 end) as admitted
          from bookings b
          where b.status in ('CONFIRMED', 'REDEEMED') and b.slot_start >= ${period.start} and b.slot_start < ${period.end}
        ) visits group by day`,
  );
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
