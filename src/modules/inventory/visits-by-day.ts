// Tickets, admissions and no-shows by visit day (the slot's local date) over every channel's bookings in
// our inventory, and the website's orders of an external supplier (decision 0029), for the managers'
// visits report (definitions: decision 0021).
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { localDay, rowsOf } from '@/server/db/sql-rows';

export type VisitDayRow = { date: string; tickets: number; admitted: number; noShows: number; expected: number };

/** `ownInventory`: the website sells our own inventory, so every order has its booking here and no order of an
 * external supplier is looked for (over a year, that search alone compared a million orders with their bookings). */
export async function visitsByDay(db: Database, period: { start: Date; end: Date; timeZone: string; now: Date; ownInventory?: boolean }): Promise<VisitDayRow[]> {
  const externalOrders = period.ownInventory
    ? sql``
    : sql`union all
          -- The website's orders of an external supplier (no booking of ours has their uuid): their tickets,
          -- our gate's admissions, and the slot's start as its end (the order keeps no end).
          select ${localDay(sql.raw('o.slot_start'), period.timeZone)}, o.unit_count, o.slot_start,
            (select count(*) from ticket_redemptions tr where tr.booking_uuid = o.booking_uuid and tr.undone_at is null)
          from (
            -- A supplier's availability id is a local start time with its offset; another shape is left out.
            select booking_uuid,
              case when availability_id ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}([+-]\\d{2}:\\d{2}|Z)$' then availability_id::timestamptz end as slot_start, jsonb_array_length(coalesce(tickets, '[]'::jsonb)) as unit_count
            from orders where status = 'CONFIRMED' and not exists (select 1 from bookings b2 where b2.uuid = orders.booking_uuid)
          ) o
          where o.slot_start >= ${period.start} and o.slot_start < ${period.end}`;
  return rowsOf<VisitDayRow>(
    db,
    sql`select day as date, sum(unit_count)::int as tickets, sum(admitted)::int as admitted,
          sum(case when slot_end <= ${period.now} then greatest(unit_count - admitted, 0) else 0 end)::int as "noShows",
          sum(case when slot_end > ${period.now} then greatest(unit_count - admitted, 0) else 0 end)::int as expected
        from (
          select ${localDay(sql.raw('b.slot_start'), period.timeZone)} as day, b.unit_count, b.slot_end,
            -- Its live admissions, counted with each admission (bookings.admitted_count, decision 0048).
            coalesce(nullif(b.admitted_count, 0), case when b.status = 'REDEEMED' then b.unit_count else 0 end) as admitted
          from bookings b
          where b.status in ('CONFIRMED', 'REDEEMED') and b.slot_start >= ${period.start} and b.slot_start < ${period.end}
          ${externalOrders}
        ) visits group by day`,
  );
}
