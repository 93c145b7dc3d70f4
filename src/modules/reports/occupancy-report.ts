// The deck's occupancy by hour (decision 0045): for each hour of each day of the period with an entry, an
// exit or people inside, the entries (admissions not undone), the exits (those of admissions undone since left out),
// and the peak: the most people inside at any moment of that hour. The count starts each day at zero
// (as the live count does) and never goes below it.
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { localDay, rowsOf } from '@/server/db/sql-rows';

export type OccupancyHour = { date: string; hour: number; entries: number; exits: number; peak: number };
export type OccupancyReport = { byHour: OccupancyHour[]; peak: number };

type Event = { date: string; hour: number; step: number };

export async function occupancyReport(db: Database, period: { start: Date; end: Date; timeZone: string }): Promise<OccupancyReport> {
  const { start, end, timeZone } = period;
  const at = (column: string) => sql.raw(column);
  const hourOf = (column: string) => sql`extract(hour from ${at(column)} at time zone '${sql.raw(timeZone)}')::int`;
  // localDay checks the zone's name before it is written into the SQL.
  const events = await rowsOf<Event>(
    db,
    sql`select date, hour, step from (
          select ${localDay(at('redeemed_at'), timeZone)} as date, ${hourOf('redeemed_at')} as hour, 1 as step, redeemed_at as at, 0 as ord
          from ticket_redemptions where undone_at is null and redeemed_at >= ${start} and redeemed_at < ${end}
          union all
          select ${localDay(at('e.exited_at'), timeZone)}, ${hourOf('e.exited_at')}, -1, e.exited_at, 1
          from deck_exits e left join ticket_redemptions tr on tr.id = e.admission_id
          where e.exited_at >= ${start} and e.exited_at < ${end} and (e.admission_id is null or tr.undone_at is null)
        ) events order by at, ord`,
  );
  const byHour: OccupancyHour[] = [];
  let inside = 0;
  for (const event of events) {
    let row = byHour.at(-1);
    if (!row || row.date !== event.date) inside = 0;
    if (!row || row.date !== event.date || row.hour !== event.hour) {
      // The hours in between with people inside and no one passing: their peak is the count carried over.
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
  return { byHour, peak: byHour.reduce((most, h) => Math.max(most, h.peak), 0) };
}
