// The check a hold or a move makes under its slot's lock: the day open to new sales, and places enough.
import type { Database } from '@/server/db/client';
import { SupplierError } from '@/ports/supplier';
import { slotRule } from './calendar-rules';
import type { OptionRow } from './catalog';
import { placesTaken } from './places-taken';
import type { Slot } from './schedule';

/**
 * Refuses a hold or change when the slot has fewer places left than wanted, or (`newSale`) its day was
 * closed by a manager. The slot is locked by the caller (lockSlot), so its capacity and count are read
 * under the lock that a capacity change takes too.
 */
export async function checkPlaces(tx: Database, option: OptionRow, slot: Slot, wanted: number, at: Date, exceptBookingId?: string, newSale = true): Promise<void> {
  const rule = await slotRule(tx, option.id, slot.localDate, slot.start);
  if (rule.closed && newSale) {
    throw new SupplierError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', { availabilityId: slot.availabilityId });
  }
  const taken = (await placesTaken(tx, option.id, slot.start, slot.start, at, exceptBookingId)).get(slot.start.getTime()) ?? 0;
  const vacancies = (rule.capacity ?? option.capacity) - taken;
  if (vacancies < wanted) {
    throw new SupplierError(
      'UNPROCESSABLE_ENTITY',
      vacancies <= 0 ? 'Sold out: no places are left at this time' : `Not enough places: ${vacancies} left at this time`,
      { availabilityId: slot.availabilityId, vacancies: String(Math.max(vacancies, 0)) },
      vacancies <= 0 ? { reason: 'SOLD_OUT' } : { reason: 'NOT_ENOUGH_PLACES', vacancies },
    );
  }
}
