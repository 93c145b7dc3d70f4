// The deck's occupancy by hour (decision 0045): for each hour of each day of the period with an entry, an
// exit or people inside, the entries (admissions not undone), the exits (modules/inventory/deck-passages.ts)
// and the peak: the most people inside at any moment of that hour. The count starts each day at zero (as
// the live count does) and never goes below it.
import type { Database } from '@/server/db/client';
import { deckPassages } from '../inventory/deck-passages';

export type OccupancyHour = { date: string; hour: number; entries: number; exits: number; peak: number };
export type OccupancyReport = { byHour: OccupancyHour[]; peak: number };

export async function occupancyReport(db: Database, period: { start: Date; end: Date; timeZone: string }): Promise<OccupancyReport> {
  const events = await deckPassages(db, period);
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
