// The visits report's ended days summed ahead into `visits_days` (decision 0059, summed-days.ts): by visit day
// (the slot's local date), the tickets, those admitted, those not admitted, and when the day's last slot ends,
// from our bookings (inventory/visits-by-day.ts). A summed day changes afterwards when one of its bookings is
// written (a late admission, an undo, a cancellation of a used booking before its slot ends: the booking's
// `updated_at`, the admission's stamps). A day is summed once it has ended; a slot of it that ends after
// midnight keeps its tickets "expected" until then, so such a day is read from its bookings until it ends.
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-rows';
import { bookedVisits, firstVisitDay, visitDaysChangedSince, visitsByDay, type VisitDayRow } from '../inventory/visits-by-day';
import { spansOf, summedDates, summedPlan, type SummedReport } from './summed-days';

export const VISITS_SUMS: SummedReport = {
  id: 'visits',
  changedDays: (db, since, timeZone) => visitDaysChangedSince(db, since, timeZone),
  sumDays: async (db, days, timeZone) => {
    if (!days.length) return;
    await db.execute(sql`delete from visits_days where date in (${sql.join(days.map((d) => sql`${d}`), sql`, `)})`);
    await db.execute(sql`
      insert into visits_days (date, tickets, admitted, not_admitted, last_slot_end)
      select day, sum(unit_count), sum(admitted), sum(greatest(unit_count - admitted, 0)), max(slot_end)
      from (${bookedVisits(spansOf(days, timeZone), timeZone)}) visits group by day`);
  },
  firstDay: (db, timeZone) => firstVisitDay(db, timeZone),
  clear: async (db) => {
    await db.execute(sql`delete from visits_days`);
  },
};

type Period = { start: Date; end: Date; days: string[]; timeZone: string; now: Date; ownInventory?: boolean };
type SummedDay = { date: string; tickets: number; admitted: number; notAdmitted: number; lastSlotEnd: Date };

/** The visits of a period by day: the summed days' from `visits_days`, the others' from the bookings (and the
 * external supplier's orders, never summed, unless the website sells our own inventory alone). */
export async function visitDays(db: Database, period: Period, summed = true): Promise<VisitDayRow[]> {
  const plan = summed ? await summedPlan(db, VISITS_SUMS, period, period.now) : { rows: [{ start: period.start, end: period.end }] };
  let sums: SummedDay[] = [];
  if (plan.summed) {
    sums = await rowsOf<SummedDay>(
      db,
      sql`select date, tickets, admitted, not_admitted as "notAdmitted", last_slot_end as "lastSlotEnd" from visits_days where ${summedDates(plan.summed)}`,
    );
  }
  // A summed day with a slot that has not ended yet (past midnight): from its bookings, as today's.
  const open = sums.filter((day) => new Date(day.lastSlotEnd) > period.now).map((day) => day.date);
  const spans = [...plan.rows, ...spansOf(open.sort(), period.timeZone, period)];
  const read = await visitsByDay(db, { spans, external: period, timeZone: period.timeZone, now: period.now, ownInventory: period.ownInventory });
  const ended = sums.filter((day) => !open.includes(day.date));
  return [...ended.map((day) => ({ date: day.date, tickets: day.tickets, admitted: day.admitted, noShows: day.notAdmitted, expected: 0 })), ...read];
}
