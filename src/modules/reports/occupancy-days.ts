// The occupancy report's hours of ended days summed ahead into `occupancy_hours` (decision 0057,
// summed-days.ts), from the deck's passages (modules/inventory/deck-passages.ts). Each day's count starts
// at zero, so a day is summed on its own. A summed day changes afterwards when one of its admissions is
// undone (the entry, and its exit, no longer count) or an offline gate sends its scans late (decision 0059);
// entries and exits are stamped when they are recorded.
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { occupancyHours } from '@/server/db/schema';
import { rowsOf } from '@/server/db/sql-rows';
import { deckPassages, firstPassageDay, passageDaysChangedSince, type DeckPassage } from '../inventory/deck-passages';
import { spansOf, summedDates, summedPlan, type SummedReport } from './summed-days';

export type OccupancyHour = { date: string; hour: number; entries: number; exits: number; peak: number };

/** The hours of the passages (in order): entries, exits and the most people inside, each day from zero,
 * never below it; the hours in between with people inside and no one passing carry the count over. */
export function hoursOf(events: DeckPassage[]): OccupancyHour[] {
  const byHour: OccupancyHour[] = [];
  let inside = 0;
  for (const event of events) {
    let row = byHour.at(-1);
    if (!row || row.date !== event.date) inside = 0;
    if (!row || row.date !== event.date || row.hour !== event.hour) {
      for (let hour = row && row.date === event.date && inside > 0 ? row.hour + 1 : event.hour; hour < event.hour; hour++) {
        byHour.push({ date: event.date, hour, entries: 0, exits: 0, peak: inside });
      }
      row = { date: event.date, hour: event.hour, entries: 0, exits: 0, peak: inside };
      byHour.push(row);
    }
    inside = Math.max(inside + event.step, 0);
    if (event.step > 0) row.entries += 1;
    else row.exits += 1;
    row.peak = Math.max(row.peak, inside);
  }
  return byHour;
}

/** The hours of the passages within the spans (each a run of whole days). */
export async function hoursWithin(db: Database, spans: { start: Date; end: Date }[], timeZone: string): Promise<OccupancyHour[]> {
  const hours: OccupancyHour[] = [];
  for (const span of spans) hours.push(...hoursOf(await deckPassages(db, { ...span, timeZone })));
  return hours;
}

export const OCCUPANCY_SUMS: SummedReport = {
  id: 'occupancy',
  changedDays: (db, since, timeZone) => passageDaysChangedSince(db, since, timeZone),
  sumDays: async (db, days, timeZone) => {
    if (!days.length) return;
    await db.execute(sql`delete from occupancy_hours where date in (${sql.join(days.map((d) => sql`${d}`), sql`, `)})`);
    const hours = await hoursWithin(db, spansOf(days, timeZone), timeZone);
    for (let i = 0; i < hours.length; i += 1000) await db.insert(occupancyHours).values(hours.slice(i, i + 1000));
  },
  firstDay: (db, timeZone) => firstPassageDay(db, timeZone),
  clear: async (db) => {
    await db.execute(sql`delete from occupancy_hours`);
  },
};

/** The hours of a period: the summed days' from `occupancy_hours`, the others' from the passages. */
export async function occupancyHoursOf(db: Database, period: { start: Date; end: Date; days: string[]; timeZone: string }, now: Date, summed = true): Promise<OccupancyHour[]> {
  const plan = summed ? await summedPlan(db, OCCUPANCY_SUMS, period, now) : { rows: [{ start: period.start, end: period.end }] };
  const hours = await hoursWithin(db, plan.rows, period.timeZone);
  if (plan.summed) {
    hours.push(
      ...(await rowsOf<OccupancyHour>(db, sql`select date, hour, entries, exits, peak from occupancy_hours where ${summedDates(plan.summed)}`)),
    );
  }
  return hours.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.hour - b.hour));
}
