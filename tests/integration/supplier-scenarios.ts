// Helpers for supplier tests: open days, and the ids of the demo catalogue.
import { addLocalDays, todayIn } from '@/universal/local-date';
import type { SupplierPort } from '@/ports/supplier';
import { serverNow } from '@/server/clock';

export const NY = 'America/New_York';

/** Which `daysAhead` first named each day of an option, in this test file (each file has its own modules). */
const namedBy = new Map<string, number>();

/** An open day for an option, at least `daysAhead` days from today, where `quantity` places are left. A
 * day of its own: a closed day (Thanksgiving, December 25, January 1) moves a day ahead to the next open
 * one, which the next day ahead names too, and two tests would then count each other's bookings; so a
 * day another `daysAhead` of this file named is passed over. The same `daysAhead` names the same day. */
export async function openDay(supplier: SupplierPort, productId: string, optionId: string, daysAhead: number, quantity = 1): Promise<string> {
  const start = addLocalDays(todayIn(NY, serverNow()), daysAhead);
  const days = await supplier.availabilityCalendar({
    productId,
    optionId,
    localDateStart: start,
    localDateEnd: addLocalDays(start, 20),
  });
  // Places counted from the day's vacancies, not asked as units: a quantity above the maximum per booking
  // (a test filling a slot over several bookings) is not a booking the calendar would price.
  const day = days.find(
    (d) => d.available && d.status === 'AVAILABLE' && (d.vacancies ?? 0) >= quantity && (namedBy.get(`${optionId}|${d.localDate}`) ?? daysAhead) === daysAhead,
  );
  if (!day) throw new Error(`no open day for ${optionId} from ${start}`);
  namedBy.set(`${optionId}|${day.localDate}`, daysAhead);
  return day.localDate;
}

/** The availability id of the first slot of a day still on sale (today's earlier slots have started). */
export async function firstSlot(supplier: SupplierPort, productId: string, optionId: string, localDate: string): Promise<string> {
  const slots = await supplier.availability({ productId, optionId, localDateStart: localDate, localDateEnd: localDate });
  return (slots.find((slot) => slot.available) ?? slots[0]!).id;
}

export const adults = (n: number) => Array.from({ length: n }, () => ({ unitId: 'adult' }));
