// A hold or a confirmed booking changed under the rules of a new one (known product, option and units, a
// bookable slot, enough places), and confirmed when asked: one transaction, under the lock of the slot
// the booking moves to. Returns the row and the slots whose places moved.
import { and, eq } from 'drizzle-orm';
import { ATTRACTION } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { slotOf, type ChangedSlot, type WriteListener } from './write-listener';
import { bookingUnitItems, bookings } from '@/server/db/schema';
import { SupplierError, type BookingUpdateRequest, type UnitItemInput } from '@/ports/supplier';
import { moveAddons } from './addon-stock';
import { isAdmitted } from './admissions';
import { effectiveStatus, resellerBooking, type BookingRow } from './booking-row';
import { bookableSlot, checkUnitItems, holdMinutes } from './booking-rules';
import { bookingStates } from './booking-states';
import { findOption, findProduct, loadCatalog } from './catalog';
import { checkPlaces } from './check-places';
import { slotForAvailabilityId } from './schedule';
import { lockSlot } from './slot-lock';
import { writeUnitItems } from './write-unit-items';

/** A slot whose places changed, for availability notifications. */
export { slotOf, type ChangedSlot };


export type Confirmation = { contact: Record<string, unknown>; resellerReference?: string };

/** Cancels a hold of the reseller's (kept as cancelled, for the record); one that ran out or went already is left. */
async function releaseOwnHold(tx: Database, holdUuid: string, resellerId: string, bookingId: string, at: Date) {
  const hold = await resellerBooking(tx, holdUuid, resellerId, true);
  if (hold.id === bookingId) throw new SupplierError('BAD_REQUEST', 'A booking cannot release itself', { uuid: holdUuid });
  if (hold.status !== 'ON_HOLD') return;
  await tx
    .update(bookings)
    .set({ status: bookingStates.transition(hold.status, 'CANCELLED'), cancelledAt: at, updatedAt: at, expiresAt: null, cancellationReason: 'Released into the booking it was held for' })
    .where(and(eq(bookings.id, hold.id), eq(bookings.status, hold.status)));
}

export async function amendBooking(
  db: Database,
  uuid: string,
  resellerId: string,
  change: BookingUpdateRequest,
  at: Date,
  confirm?: Confirmation,
  told?: WriteListener,
): Promise<{ row: BookingRow; slots: ChangedSlot[] }> {
  const catalog = await loadCatalog();
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    const current = await resellerBooking(executor, uuid, resellerId, true);
    const status = effectiveStatus(current, at);
    if (confirm && status === 'CONFIRMED') return { row: current, slots: [] as ChangedSlot[] };
    // Under the row lock the gate takes too (admit-ticket.ts): a used ticket is never replaced by a new one.
    if (status === 'REDEEMED' || (await isAdmitted(executor, current.uuid))) {
      throw new SupplierError('UNPROCESSABLE_ENTITY', 'A ticket of this booking was used at the gate: it can no longer change', { uuid }, { reason: 'ADMITTED' });
    }
    // A confirmation is a move of the table; a change keeps the status of a booking that is still live.
    const allowed = confirm ? bookingStates.canMove(status, 'CONFIRMED') : status === 'ON_HOLD' || status === 'CONFIRMED';
    if (!allowed) {
      throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be ${confirm ? 'confirmed' : 'changed'}`, { uuid });
    }
    if (current.slotStart <= at) throw new SupplierError('UNPROCESSABLE_ENTITY', 'This booking has started and can no longer change', { uuid });

    const product = findProduct(catalog, change.productId ?? current.productId);
    const productChanged = product.id !== current.productId;
    const option = findOption(product, change.optionId ?? (productChanged ? product.options[0]?.id : current.optionId));
    const optionChanged = option.id !== current.optionId;
    const existing = await executor.select().from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, current.id));
    const items: UnitItemInput[] | undefined =
      change.unitItems ??
      (optionChanged
        ? existing.sort((a, b) => a.position - b.position).map((i) => ({ uuid: i.uuid, unitId: i.unitId, resellerReference: i.resellerReference ?? undefined }))
        : undefined);
    const moves = optionChanged || change.availabilityId !== undefined || items !== undefined;

    let placement: Partial<typeof bookings.$inferInsert> = {};
    let slots: ChangedSlot[] = [];
    if (moves) {
      const { wanted } = items ? checkUnitItems(option, items, change.extraUnits ?? 0) : { wanted: current.unitCount };
      const slot =
        change.availabilityId === undefined && !optionChanged
          ? (slotForAvailabilityId(current.availabilityId, option, ATTRACTION.timeZone) ?? bookableSlot(catalog, option, current.availabilityId, at))
          : bookableSlot(catalog, option, change.availabilityId ?? current.availabilityId, at);
      await lockSlot(executor, option.id, slot.start);
      // The hold made for this move gives its places back in the same commit that takes them.
      if (change.releaseHold) await releaseOwnHold(executor, change.releaseHold, resellerId, current.id, at);
      // A closed day stops new sales: a booking may stay on its slot (and be confirmed there), not move onto one.
      // The member a booking was held for keeps their tier's places when it changes (decision 0041).
      const { keptPlaces } = await checkPlaces(executor, option, slot, wanted, at, current.id, optionChanged || slot.availabilityId !== current.availabilityId, {
        memberTier: current.memberTier,
      });
      // Its add-ons move with it, to the new slot's or day's stock (decision 0050).
      if (slot.start.getTime() !== current.slotStart.getTime()) await moveAddons(executor, current.id, slot, at);
      const total = items ? await writeUnitItems(executor, current.id, option, slot.localDate, items, existing) : current.total;
      placement = {
        productId: product.id,
        optionId: option.id,
        availabilityId: slot.availabilityId,
        slotStart: slot.start,
        slotEnd: slot.end,
        unitCount: wanted,
        total,
        currency: product.currency,
        keptPlaces,
      };
      slots = [slotOf(current), { productId: product.id, optionId: option.id, availabilityId: slot.availabilityId }];
    }
    const contact = confirm?.contact ?? (change.contact ? { ...(current.contact ?? {}), ...change.contact } : current.contact);
    const [updated] = await executor
      .update(bookings)
      .set({
        ...placement,
        // A sold booking whose tickets, total or slot changed: its confirmation day's summed sales are read again.
        ...(placement.unitCount !== undefined && status !== 'ON_HOLD' ? { amendedAt: at } : {}),
        contact,
        notes: change.notes !== undefined ? change.notes : current.notes,
        resellerReference: confirm?.resellerReference ?? change.resellerReference ?? current.resellerReference,
        updatedAt: at,
        ...(confirm
          ? { status: bookingStates.transition(status, 'CONFIRMED'), confirmedAt: at, expiresAt: null }
          : status === 'ON_HOLD' && change.expirationMinutes !== undefined
            ? { expiresAt: new Date(at.getTime() + holdMinutes(change.expirationMinutes) * 60_000) }
            : {}),
      })
      .where(and(eq(bookings.id, current.id), eq(bookings.status, current.status)))
      .returning();
    if (!updated) throw new Error(`booking ${current.uuid} changed under its row lock`);
    // A confirmation turns a hold into a sale: the places stay taken, but the hold's expiry no longer applies.
    const moved = confirm && slots.length === 0 ? [slotOf(updated!)] : slots;
    if (!confirm || moved.length) await told?.(executor, updated!, moved);
    return { row: updated!, slots: moved };
  });
}
