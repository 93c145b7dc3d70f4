// The members' allotment day by day (decision 0041), for the reports: the places kept on the day's open
// slots, those members' holds and bookings took from it, and those that went back on general sale unsold.
import { TZDate } from '@date-fns/tz';
import { and, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { ATTRACTION } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { addLocalDays, localDatesBetween, todayIn } from '@/universal/local-date';
import { calendarRules } from './calendar-rules';
import { loadCatalog } from './catalog';
import { allotmentOf, releaseOf } from './member-places';
import { plannedStarts } from './schedule';

export type KeptPlacesDay = {
  date: string;
  /** Places kept for members on the day's open slots (the program's share of each slot's capacity). */
  kept: number;
  /** Of them, places members' confirmed or used bookings took from the allotment. */
  booked: number;
  /** Places kept that went back on general sale unsold, at each slot's release (slots released by `now`). */
  released: number;
};

/** The start of a local date in the attraction's time zone. */
function midnight(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, ATTRACTION.timeZone).getTime());
}

/** Every day from `from` to `to` (local dates, both included), with or without places kept. */
export async function keptPlacesByDay(db: Database, range: { from: string; to: string }, now: Date): Promise<KeptPlacesDay[]> {
  const catalog = await loadCatalog();
  const dates = localDatesBetween(range.from, range.to);
  const days = new Map(dates.map((date) => [date, { date, kept: 0, booked: 0, released: 0 }]));
  const first = midnight(range.from);
  const last = midnight(addLocalDays(range.to, 1));
  const taken = await db
    .select({ optionId: bookings.optionId, slotStart: bookings.slotStart, kept: sql<number>`cast(sum(${bookings.keptPlaces}) as integer)` })
    .from(bookings)
    .where(and(gte(bookings.slotStart, first), lt(bookings.slotStart, last), inArray(bookings.status, ['CONFIRMED', 'REDEEMED'])))
    .groupBy(bookings.optionId, bookings.slotStart);
  const bookedOf = new Map(taken.map((row) => [`${row.optionId}|${row.slotStart.getTime()}`, Number(row.kept)]));

  for (const option of catalog.products.flatMap((p) => p.options)) {
    const rules = await calendarRules(db, option.id, range.from, range.to, first, last);
    for (const date of dates) {
      if (catalog.closed.has(date) || rules.closed.has(date)) continue;
      const day = days.get(date)!;
      // Slot starts alone (a year of whole slots cost seconds: decision 0057).
      for (const start of plannedStarts(date, option, ATTRACTION.timeZone)) {
        const slot = { start };
        const kept = allotmentOf(option.id, rules.capacity.get(start.getTime()) ?? option.capacity);
        const booked = Math.min(bookedOf.get(`${option.id}|${start.getTime()}`) ?? 0, kept);
        day.kept += kept;
        day.booked += booked;
        if (releaseOf(slot).getTime() <= now.getTime()) day.released += kept - booked;
      }
    }
  }
  return [...days.values()];
}

/**
 * The places members' confirmed or used bookings took from the allotment from `from` to `to`: the sum of
 * keptPlacesByDay's `booked`, counted from the slots such bookings hold alone (bookings_kept_places_idx):
 * the program report of a year walked every slot of every option, and read every booking, for a total
 * (decision 0059). A slot counts as there: a planned slot of an open day, at most its allotment.
 */
export async function keptPlacesBooked(db: Database, range: { from: string; to: string }): Promise<number> {
  const first = midnight(range.from);
  const last = midnight(addLocalDays(range.to, 1));
  const taken = await db
    .select({ optionId: bookings.optionId, slotStart: bookings.slotStart, kept: sql<number>`cast(sum(${bookings.keptPlaces}) as integer)` })
    .from(bookings)
    .where(and(gt(bookings.keptPlaces, 0), gte(bookings.slotStart, first), lt(bookings.slotStart, last), inArray(bookings.status, ['CONFIRMED', 'REDEEMED'])))
    .groupBy(bookings.optionId, bookings.slotStart);
  if (!taken.length) return 0;
  const catalog = await loadCatalog();
  let booked = 0;
  for (const option of catalog.products.flatMap((p) => p.options)) {
    const slots = taken.filter((row) => row.optionId === option.id);
    if (!slots.length) continue;
    const rules = await calendarRules(db, option.id, range.from, range.to, first, last);
    for (const slot of slots) {
      const date = todayIn(ATTRACTION.timeZone, slot.slotStart);
      if (catalog.closed.has(date) || rules.closed.has(date)) continue;
      if (!plannedStarts(date, option, ATTRACTION.timeZone).some((start) => start.getTime() === slot.slotStart.getTime())) continue;
      booked += Math.min(Number(slot.kept), allotmentOf(option.id, rules.capacity.get(slot.slotStart.getTime()) ?? option.capacity));
    }
  }
  return booked;
}
