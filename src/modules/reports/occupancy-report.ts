// The deck's occupancy by hour (decision 0045): for each hour of each day of the period with an entry, an
// exit or people inside, the entries (admissions not undone), the exits (modules/inventory/deck-passages.ts)
// and the peak: the most people inside at any moment of that hour. The count starts each day at zero (as
// the live count does) and never goes below it. Ended days are summed ahead (occupancy-days.ts, decision 0057).
import type { Database } from '@/server/db/client';
import { serverNow } from '@/server/clock';
import { occupancyHoursOf, type OccupancyHour } from './occupancy-days';

export type { OccupancyHour };
export type OccupancyReport = { byHour: OccupancyHour[]; peak: number };

/** `summed: false` reads the passages alone (what the sums must equal: tests/integration/summed-days.test.ts). */
export async function occupancyReport(
  db: Database,
  period: { start: Date; end: Date; days: string[]; timeZone: string; now?: Date },
  options: { summed?: boolean } = {},
): Promise<OccupancyReport> {
  const byHour = await occupancyHoursOf(db, period, period.now ?? serverNow(), options.summed !== false);
  return { byHour, peak: byHour.reduce((most, h) => Math.max(most, h.peak), 0) };
}
