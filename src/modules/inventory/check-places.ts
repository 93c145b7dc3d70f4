// The check a hold or a move makes under its slot's lock: the day open to new sales, the slot open to the
// buyer's tier, and places enough for them (the members' allotment counted, decision 0041).
import type { Database } from '@/server/db/client';
import { SupplierError } from '@/ports/supplier';
import { slotRule } from './calendar-rules';
import type { OptionRow } from './catalog';
import { allotmentDrawn, keptForMembers, mayBookSlot, memberOnlyTier, NO_MEMBER, vacanciesFor, type Buyer } from './member-places';
import { placesTaken } from './places-taken';
import type { Slot } from './schedule';

/**
 * Refuses a hold or change when the slot has fewer places left than wanted for this buyer (a buyer who
 * may not use the members' allotment is short of the places still kept), when (`newSale`) its day was
 * closed by a manager, or when the slot is kept for a tier above the buyer's. The slot is locked by the
 * caller (lockSlot), so its capacity and count are read under the lock that a capacity change takes too.
 * Answers how many of the places wanted are the members' allotment.
 */
export async function checkPlaces(
  tx: Database,
  option: OptionRow,
  slot: Slot,
  wanted: number,
  at: Date,
  exceptBookingId?: string,
  newSale = true,
  buyer: Buyer = NO_MEMBER,
): Promise<{ keptPlaces: number }> {
  const rule = await slotRule(tx, option.id, slot.localDate, slot.start);
  if (rule.closed && newSale) {
    throw new SupplierError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', { availabilityId: slot.availabilityId });
  }
  const tier = memberOnlyTier(option, slot);
  if (!mayBookSlot(buyer, tier)) {
    throw new SupplierError('UNPROCESSABLE_ENTITY', 'This time is for members of a higher tier only', { availabilityId: slot.availabilityId }, { reason: 'MEMBERS_ONLY', tierId: tier! });
  }
  const capacity = rule.capacity ?? option.capacity;
  const taken = (await placesTaken(tx, option.id, slot.start, slot.start, at, exceptBookingId)).get(slot.start.getTime()) ?? 0;
  const kept = keptForMembers(option.id, capacity, slot, at);
  const free = capacity - taken;
  const vacancies = vacanciesFor(buyer, free, kept);
  if (vacancies < wanted) {
    throw new SupplierError(
      'UNPROCESSABLE_ENTITY',
      vacancies <= 0 ? 'Sold out: no places are left at this time' : `Not enough places: ${vacancies} left at this time`,
      { availabilityId: slot.availabilityId, vacancies: String(Math.max(vacancies, 0)) },
      vacancies <= 0 ? { reason: 'SOLD_OUT' } : { reason: 'NOT_ENOUGH_PLACES', vacancies },
    );
  }
  // Only a member can leave fewer than `kept` places free, so only a member's hold draws on them.
  return { keptPlaces: allotmentDrawn(free, kept, wanted) };
}
