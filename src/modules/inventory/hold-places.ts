// A new hold on a slot's places: counted and written in one transaction under the slot's lock, so a slot
// is never oversold. A uuid already used by the same reseller for the same request answers the hold it
// made (idempotent); for another request (another slot, other units), or by another reseller, it is
// refused with OCTO's INVALID_BOOKING_UUID, also when both requests race on different slots.
import { eq } from 'drizzle-orm';
import { metrics } from '@/server/metrics';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, bookings } from '@/server/db/schema';
import { SupplierError, type UnitItemInput } from '@/ports/supplier';
import type { BookingRow } from './booking-row';
import type { OptionRow, ProductRow } from './catalog';
import { holdAddons, type AddonRequest } from './addon-stock';
import { checkPlaces } from './check-places';
import { NO_MEMBER, type Buyer } from './member-places';
import { newReference } from './references';
import type { Slot } from './schedule';
import { lockSlot } from './slot-lock';
import { insertUnitItems, unitItemsTotal } from './write-unit-items';
import { slotOf, type WriteListener } from './write-listener';

export type HoldRequest = {
  uuid: string;
  resellerId: string;
  product: ProductRow;
  option: OptionRow;
  slot: Slot;
  items: UnitItemInput[];
  wanted: number;
  at: Date;
  holdMinutes: number;
  resellerReference?: string;
  notes?: string | null;
  /** The website's member the places are for (the allotment and member-only slots, decision 0041). */
  buyer?: Buyer;
  /** Add-ons sold with the tickets (the website's, decision 0050): their stock is taken in this transaction. */
  addons?: AddonRequest[];
};

export async function holdPlaces(db: Database, request: HoldRequest, told?: WriteListener): Promise<{ row: BookingRow; created: boolean }> {
  const { uuid, resellerId, product, option, slot, at } = request;
  const held = await db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    await lockSlot(executor, option.id, slot.start);
    const [existing] = await executor.select().from(bookings).where(eq(bookings.uuid, uuid));
    if (existing) return { row: await sameRequest(executor, existing, request), created: false };
    const buyer = request.buyer ?? NO_MEMBER;
    const { keptPlaces } = await checkPlaces(executor, option, slot, request.wanted, at, undefined, true, buyer);
    const [inserted] = await executor
      .insert(bookings)
      .values({
        uuid,
        supplierReference: newReference(),
        resellerId,
        resellerReference: request.resellerReference ?? null,
        status: 'ON_HOLD',
        productId: product.id,
        optionId: option.id,
        availabilityId: slot.availabilityId,
        slotStart: slot.start,
        slotEnd: slot.end,
        unitCount: request.wanted,
        total: unitItemsTotal(option, slot.localDate, request.items),
        currency: product.currency,
        notes: request.notes ?? null,
        memberTier: buyer.memberTier,
        keptPlaces,
        createdAt: at,
        updatedAt: at,
        expiresAt: new Date(at.getTime() + request.holdMinutes * 60_000),
      })
      // A request with this uuid racing this one (on another slot, so under another lock) committed first:
      // no duplicate-key failure, the row it wrote is judged like any earlier one.
      .onConflictDoNothing({ target: bookings.uuid })
      .returning();
    if (!inserted) {
      const [raced] = await executor.select().from(bookings).where(eq(bookings.uuid, uuid));
      if (!raced) throw new SupplierError('INVALID_BOOKING_UUID', 'This uuid is being used by another request; try again', { uuid });
      return { row: await sameRequest(executor, raced, request), created: false };
    }
    await insertUnitItems(executor, inserted.id, option, slot.localDate, request.items.map((i) => ({ unitId: i.unitId, resellerReference: i.resellerReference })));
    if (request.addons?.length) await holdAddons(executor, inserted.id, slot, request.addons, at);
    await told?.(executor, inserted, [slotOf(inserted)]);
    return { row: inserted, created: true };
  });
  // Counted once committed, for the operators' hold rate (src/server/metrics.ts); a repeated request is no new hold.
  if (held.created) metrics().holds.inc({ reseller: resellerId });
  return held;
}

/** The booking a repeated uuid names, when it was made by the same reseller for the same request (product,
 * option, slot and units); otherwise INVALID_BOOKING_UUID, never a different booking answered silently. */
async function sameRequest(db: Database, existing: BookingRow, request: HoldRequest): Promise<BookingRow> {
  const refuse = () => new SupplierError('INVALID_BOOKING_UUID', 'This uuid is already in use by another booking', { uuid: request.uuid });
  if (existing.resellerId !== request.resellerId) throw refuse();
  const sameSlot = existing.productId === request.product.id && existing.optionId === request.option.id && existing.availabilityId === request.slot.availabilityId;
  if (!sameSlot) throw refuse();
  const units = (list: { unitId: string }[]) => list.map((u) => u.unitId).sort().join(',');
  const items = await db.select({ unitId: bookingUnitItems.unitId }).from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, existing.id));
  if (units(items) !== units(request.items)) throw refuse();
  return existing;
}
