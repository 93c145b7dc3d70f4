// Tickets, admissions and no-shows by visit day (the slot's local date) over every channel's bookings in
// our inventory, for the managers' visits report (definitions: decision 0021).
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { localDay, rowsOf } from '@/server/db/sql-rows';

export type VisitDayRow = { date: string; tickets: number; admitted: number; noShows: number; expected: number };

export async function visitsByDay(db: Database, period: { start: Date; end: Date; timeZone: string; now: Date }): Promise<VisitDayRow[]> {
  return rowsOf<VisitDayRow>(
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
}
