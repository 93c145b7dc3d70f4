// The members' allotment in use (issue #24's reports, decision 0041): per day, the places kept for
// members, those members booked from them, and those released unsold to general sale. For the reports
// page to show; the period is checked as every report's is (at most 366 days).
import { ATTRACTION } from '@/config/attraction';
import { keptPlacesBooked, keptPlacesByDay, type KeptPlacesDay } from '@/modules/inventory/kept-places-by-day';
import { reportRange } from '@/modules/reports/report-range';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { todayIn } from '@/universal/local-date';

export type AllotmentUseDay = KeptPlacesDay;

export async function allotmentUse(db: Database, period: { from?: string; to?: string }, now: Date = serverNow()): Promise<AllotmentUseDay[]> {
  const range = reportRange(period, todayIn(ATTRACTION.timeZone, now));
  return keptPlacesByDay(db, range, now);
}

/** Of those, the places members booked over the period: the program report's line (decision 0059). */
export async function allotmentBooked(db: Database, period: { from?: string; to?: string }, now: Date = serverNow()): Promise<number> {
  const range = reportRange(period, todayIn(ATTRACTION.timeZone, now));
  return keptPlacesBooked(db, range);
}
