// Tickets, admissions and no-shows by visit day (the slot's local date) over every channel's bookings in
// our inventory, and the website's orders of an external supplier (decision 0029), for the managers'
// visits report (definitions: decision 0021). The report sums ended days ahead (reports/visits-days.ts,
// decision 0059) from `bookedVisits`, and reads the rest here.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { localDay, rowsOf } from '@/server/db/sql-rows';
import { admissionsChangedSince } from './admissions-changed';

export type VisitDayRow = { date: string; tickets: number; admitted: number; noShows: number; expected: number };

/** A span of time: from `start` (included) to `end` (excluded). */
type Span = { start: Date; end: Date };

const slotWithin = (spans: Span[]) =>
  spans.length ? sql`(${sql.join(spans.map((s) => sql`(b.slot_start >= ${s.start} and b.slot_start < ${s.end})`), sql` or `)})` : sql`false`;

/** `day, unit_count, slot_end, admitted` of each confirmed or used booking of ours whose slot starts in the spans. */
export function bookedVisits(spans: Span[], timeZone: string): SQL {
  return sql`select ${localDay(sql.raw('b.slot_start'), timeZone)} as day, b.unit_count, b.slot_end,
      -- Its live admissions, counted with each admission (bookings.admitted_count, decision 0048).
      coalesce(nullif(b.admitted_count, 0), case when b.status = 'REDEEMED' then b.unit_count else 0 end) as admitted
    from bookings b
    where b.status in ('CONFIRMED', 'REDEEMED') and ${slotWithin(spans)}`;
}

/** The same of the website's orders of an external supplier whose slot starts in the span (no booking of ours
 * has their uuid): their tickets, our gate's admissions, and the slot's start as its end (the order keeps no end). */
function externalVisits(span: Span, timeZone: string): SQL {
  return sql`select ${localDay(sql.raw('o.slot_start'), timeZone)} as day, o.unit_count, o.slot_start as slot_end,
      (select count(*) from ticket_redemptions tr where tr.booking_uuid = o.booking_uuid and tr.undone_at is null) as admitted
    from (
      -- A supplier's availability id is a local start time with its offset; another shape is left out.
      select booking_uuid,
        case when availability_id ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}([+-]\\d{2}:\\d{2}|Z)$' then availability_id::timestamptz end as slot_start, jsonb_array_length(coalesce(tickets, '[]'::jsonb)) as unit_count
      from orders where status = 'CONFIRMED' and not exists (select 1 from bookings b2 where b2.uuid = orders.booking_uuid)
    ) o
    where o.slot_start >= ${span.start} and o.slot_start < ${span.end}`;
}

/**
 * By day: our bookings whose slot starts in `spans`, and, unless `ownInventory` (the website sells our own
 * inventory, so every order has its booking here: over a year, that search alone compared a million orders
 * with their bookings), the external supplier's orders of `external`. Tickets not admitted are no-shows once
 * their slot ended by `now`, expected until then.
 */
export async function visitsByDay(db: Database, period: { spans: Span[]; external?: Span; timeZone: string; now: Date; ownInventory?: boolean }): Promise<VisitDayRow[]> {
  const parts = [];
  if (period.spans.length) parts.push(bookedVisits(period.spans, period.timeZone));
  if (!period.ownInventory && period.external) parts.push(externalVisits(period.external, period.timeZone));
  if (!parts.length) return [];
  return rowsOf<VisitDayRow>(
    db,
    sql`select day as date, sum(unit_count)::int as tickets, sum(admitted)::int as admitted,
          sum(case when slot_end <= ${period.now} then greatest(unit_count - admitted, 0) else 0 end)::int as "noShows",
          sum(case when slot_end > ${period.now} then greatest(unit_count - admitted, 0) else 0 end)::int as expected
        from (${sql.join(parts, sql` union all `)}) visits group by day`,
  );
}

/** The visit days (slot dates) whose figures writes stamped since `since` changed: a booking written then
 * (confirmed, amended, cancelled, redeemed as a whole or its redemption undone: `updated_at`), or an
 * admission of its tickets recorded or undone then (admissions-changed.ts). */
export async function visitDaysChangedSince(db: Database, since: Date, timeZone: string): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select ${localDay(sql.raw('b.slot_start'), timeZone)} as day from bookings b where b.updated_at >= ${since}
        union
        select ${localDay(sql.raw('b.slot_start'), timeZone)} from (${admissionsChangedSince(since)}) a join bookings b on b.uuid = a.booking_uuid`,
  );
  return rows.map((r) => r.day);
}

/** The visit day of the first booking; undefined before any. */
export async function firstVisitDay(db: Database, timeZone: string): Promise<string | undefined> {
  const [first] = await rowsOf<{ day: string | null }>(db, sql`select ${localDay(sql`(select min(slot_start) from bookings)`, timeZone)} as day`);
  return first?.day ?? undefined;
}
