// A member changes the time, the day or the quantities of a confirmed booking. The supplier moves the places
// in one transaction under the new slot's lock (the new places are taken and the old ones given back
// together: never both lost, never both kept); the booking keeps its reference and gets new tickets, the old
// ones are kept as replaced. A lower total is refunded through the payment port, once (its key is the
// change's id); a higher total holds the new places and opens a payment session for the difference, and the
// booking moves only once that is paid (change-payment.ts, docs/decisions/0023). One change of a booking at
// a time: a lease on the order. The member gets the new tickets and the updated calendar entry by e-mail,
// queued with the change.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { maxTicketsPerBooking } from '@/config/catalog';
import type { Locale } from '@/config/locales';
import type { SupplierBooking } from '@/ports/supplier';
import { orders, type OrderLine } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { isAdmitted } from '../inventory/admissions';
import { selectionTotal, toWebProduct } from '../catalog/web-product';
import { COMPLETION_LEASE_MS } from '../payments/ledger';
import { refundOrder } from '../payments/order-refunds';
import type { CheckoutDeps } from '../checkout/deps';
import type { OrderRow } from '../checkout/order-view';
import { sendMailNow } from '../email/mail-queue';
import { releasePendingChanges, startChangePayment, type ChangePayment } from './change-payment';
import { refusal } from './change-refusal';
import type { ChangeRequest } from './change-request';
import { isUpcoming, memberBooking } from './member-booking';
import { recordChange, unitItemsOf } from './record-change';
import { serverNow } from '@/server/clock';
import { memberDiscount } from '@/universal/member-price';
import { memberPerks } from '../program/member-perks';
import { log } from '@/server/log';

export type ChangeQuote = {
  reference: string;
  fromTotal: number;
  toTotal: number;
  /** What the member gets back (a lower total); 0 when the total stays or rises. */
  refund: number;
  /** What the member pays more (a higher total); 0 otherwise. */
  pay: number;
  currency: string;
  lines: OrderLine[];
  selectedTime: string;
};

export type ChangeResult = ChangeQuote & { changed: boolean; payment?: ChangePayment };

/** The new selection priced from the supplier's prices, in the order's language; refusals as messages. */
async function quote(deps: CheckoutDeps, order: OrderRow, request: ChangeRequest): Promise<ChangeQuote & { extraUnits: number }> {
  if (!isUpcoming(order, deps.now?.() ?? serverNow())) throw new AppError('NOT_CHANGEABLE', 'bookingNotChangeable');
  // Said before any price: a used booking stays as it is (the supplier refuses it again under its lock).
  if (await isAdmitted(deps.db, order.bookingUuid)) throw new AppError('NOT_CHANGEABLE', 'bookingAdmitted');
  // A reward or a guest pass priced the booking as it is (decision 0042): cancelling gives it back instead.
  if (order.rewardCents > 0) throw new AppError('NOT_CHANGEABLE', 'rewardedNotChangeable');
  // A change's refund or extra charge would be the gateway's alone: the card's part is kept out of it.
  if (order.giftCardCents > 0) throw new AppError('NOT_CHANGEABLE', 'giftCardNotChangeable');
  const tickets = Object.values(request.quantities).reduce((sum, n) => sum + n, 0);
  // The member's tier of today, as a new Book would have it (decision 0038): its extra tickets and discount.
  const perks = await memberPerks(deps.db, order.userId);
  const max = maxTicketsPerBooking(order.productId) + perks.extraTicketsPerBooking;
  if (tickets > max) throw new AppError('VALIDATION', 'ticketsPerBookingMax', { max });
  const product = await deps.supplier.getProduct(order.productId, order.locale).catch(refusal);
  const option = toWebProduct(product).options.find((o) => o.id === order.optionId);
  if (!option) throw new AppError('NOT_CHANGEABLE', 'bookingNotChangeable');
  const unknown = Object.keys(request.quantities).find((unitId) => !option.units.some((u) => u.id === unitId));
  if (unknown) throw new AppError('VALIDATION', 'unknownTicketType');
  const listTotal = selectionTotal(option, request.quantities);
  if (!listTotal) throw new AppError('SUPPLIER_FAILED', 'priceUnavailable');
  // A change is priced at the member's discount of today, as a new Book would be (decision 0038).
  // The add-ons stay with the booking at the price paid (decision 0050): only the tickets are priced anew.
  const toTotal = listTotal - memberDiscount(option, request.quantities, perks.memberDiscountPercent) + order.addonCents;
  const lines = Object.entries(request.quantities).map(([unitId, quantity]) => {
    const unit = option.units.find((u) => u.id === unitId)!;
    return { unitId, title: unit.title, quantity, unitPrice: unit.price ?? 0 };
  });
  const same =
    request.selectedTime === order.availabilityId &&
    lines.length === order.lines.length &&
    lines.every((l) => order.lines.some((o) => o.unitId === l.unitId && o.quantity === l.quantity));
  if (same) throw new AppError('VALIDATION', 'changeNothing');
  const refund = Math.max(order.total - toTotal, 0);
  const pay = Math.max(toTotal - order.total, 0);
  return {
    reference: order.supplierReference,
    fromTotal: order.total,
    toTotal,
    refund,
    pay,
    currency: order.currency,
    lines,
    selectedTime: request.selectedTime,
    extraUnits: perks.extraTicketsPerBooking,
  };
}

export async function changeBooking(deps: CheckoutDeps, member: { userId: string }, request: ChangeRequest, locale: Locale): Promise<ChangeResult> {
  const { db } = deps;
  const order = await memberBooking(db, member.userId, request.bookingId);
  // `extraUnits`: the member's extra tickets per booking that allowed the change (decision 0038), the supplier's to honour.
  const { extraUnits, ...priced } = await quote(deps, order, request);
  if (!request.confirm) return { ...priced, changed: false };

  // One change of a booking at a time (a double click, two tabs): the completion lease of the order.
  const at = deps.now?.() ?? serverNow();
  const [leased] = await db
    .update(orders)
    .set({ completionLeaseUntil: new Date(at.getTime() + COMPLETION_LEASE_MS) })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'CONFIRMED'), or(isNull(orders.completionLeaseUntil), lt(orders.completionLeaseUntil, at))))
    .returning();
  if (!leased) throw new AppError('BOOKING_BUSY', 'bookingBusy');
  // The order as it was when the lease was taken: a change that finished meanwhile is not overwritten.
  if (leased.availabilityId !== order.availabilityId || leased.total !== order.total) {
    await release(deps, order.id);
    throw new AppError('BOOKING_BUSY', 'bookingBusy');
  }

  try {
    // An earlier change still waiting for its payment gives its held places back: this one replaces it.
    await releasePendingChanges(deps, order.id);
    if (priced.pay > 0) {
      // The booking moves once the difference is paid; until then the order is free for another change.
      const payment = await startChangePayment(deps, leased, { ...priced, extraUnits }, locale);
      await release(deps, order.id);
      return { ...priced, changed: false, payment };
    }
  } catch (error) {
    await release(deps, order.id);
    throw error;
  }

  let booking: SupplierBooking;
  try {
    booking = await deps.supplier.updateBooking(order.bookingUuid, { availabilityId: priced.selectedTime, unitItems: unitItemsOf(priced.lines), extraUnits }).catch(refusal);
  } catch (error) {
    await release(deps, order.id);
    throw error;
  }

  const { updated, changeId } = (await recordChange(deps, order, priced, booking, at))!;
  if (priced.refund > 0) {
    // The change stands; a refund the gateway could not take stays pending in the ledger, owed.
    await refundOrder(deps, updated, { amount: priced.refund, key: `change:${changeId}`, reason: 'change to a lower total' }).catch((error: unknown) =>
      log.error('[bookings] the refund of a change failed; it is owed', { changeId, error }),
    );
  }
  await sendMailNow(db, deps.mail, `change:${changeId}`);
  return { ...priced, changed: true };
}

async function release(deps: CheckoutDeps, orderId: string) {
  await deps.db.update(orders).set({ completionLeaseUntil: null }).where(eq(orders.id, orderId));
}
