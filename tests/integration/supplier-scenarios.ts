// Helpers for supplier tests: open days, and the ids of the demo catalogue.
import { addLocalDays, todayIn } from '@/universal/local-date';
import type { SupplierPort } from '@/ports/supplier';

export const NY = 'America/New_York';

/** An open day for an option, at least `daysAhead` days from today, where `quantity` places are left. */
export async function openDay(supplier: SupplierPort, productId: string, optionId: string, daysAhead: number, quantity = 1): Promise<string> {
  const start = addLocalDays(todayIn(NY, new Date()), daysAhead);
  const days = await supplier.availabilityCalendar({
    productId,
    optionId,
    localDateStart: start,
    localDateEnd: addLocalDays(start, 20),
    units: [{ id: 'adult', quantity }],
  });
  const day = days.find((d) => d.available && d.status === 'AVAILABLE');
  if (!day) throw new Error(`no open day for ${optionId} from ${start}`);
  return day.localDate;
}

/** The availability id of the first slot of a day. */
export async function firstSlot(supplier: SupplierPort, productId: string, optionId: string, localDate: string): Promise<string> {
  const slots = await supplier.availability({ productId, optionId, localDateStart: localDate, localDateEnd: localDate });
  return slots[0]!.id;
}

export const adults = (n: number) => Array.from({ length: n }, () => ({ unitId: 'adult' }));
