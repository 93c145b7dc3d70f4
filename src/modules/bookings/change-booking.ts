// A member changes the time, the day or the quantities of a confirmed booking. The supplier moves the places
// in one transaction under the new slot's lock (the new places are taken and the old ones given back
// together: never both lost, never both kept); the booking keeps its reference and gets new tickets, the old
// ones are kept as replaced. A lower total is refunded through the payment port, once (its key is the
// change's id); a higher total is refused for now (docs/decisions/0018). One change of a booking at a time:
// a lease on the order. The member gets the new tickets and the updated calendar entry by e-mail, queued
// with the change.
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { maxTicketsPerBooking } from '@/config/catalog';
import type { Locale } from '@/config/locales';
import { SupplierError, type SupplierBooking } from '@/ports/supplier';
import { bookingChanges, memberships, orders, users, type OrderLine } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { selectionTotal, toWebProduct } from '../catalog/web-product';
import { supplierRefusal } from '../catalog/supplier-refusal';
import { COMPLETION_LEASE_MS } from '../checkout/complete-checkout';
import type { CheckoutDeps } from '../checkout/deps';
import type { OrderRow } from '../checkout/order-view';
import { renderTicketsEmail } from '../checkout/tickets-email';
import { deliverQueuedMail, enqueueMail } from '../email/mail-queue';
import { signTicketCode } from '../tickets/ticket-codes';
import { orderCalendar } from './booking-ics';
import type { ChangeRequest } from './change-request';
import { isUpcoming, memberBooking } from './member-booking';

export type ChangeQuote = {
  reference: string;
  fromTotal: number;
  toTotal: number;
  /** What the member gets back (a lower total); 0 when the total stays. */
  refund: number;
  currency: string;
  lines: OrderLine[];
  selectedTime: string;
};

export type ChangeResult = ChangeQuote & { changed: boolean };

/** The new selection priced from the supplier's prices, in the order's language; refusals as messages. */
async function quote(deps: CheckoutDeps, order: OrderRow, request: ChangeRequest): Promise<ChangeQuote> {
  if (!isUpcoming(order, deps.now?.() ?? new Date())) throw new AppError(409, 'NOT_CHANGEABLE', 'bookingNotChangeable');
  const tickets = Object.values(request.quantities).reduce((sum, n) => sum + n, 0);
  const max = maxTicketsPerBooking(order.productId);
  if (tickets > max) throw new AppError(400, 'VALIDATION', 'ticketsPerBookingMax', { max });
  const product = await deps.supplier.getProduct(order.productId, order.locale).catch(refusal);
  const option = toWebProduct(product).options.find((o) => o.id === order.optionId);
  if (!option) throw new AppError(409, 'NOT_CHANGEABLE', 'bookingNotChangeable');
  const unknown = Object.keys(request.quantities).find((unitId) => !option.units.some((u) => u.id === unitId));
  if (unknown) throw new AppError(400, 'VALIDATION', 'unknownTicketType');
  const toTotal = selectionTotal(option, request.quantities);
  if (!toTotal) throw new AppError(502, 'SUPPLIER_FAILED', 'priceUnavailable');
  const lines = Object.entries(request.quantities).map(([unitId, quantity]) => {
    const unit = option.units.find((u) => u.id === unitId)!;
    return { unitId, title: unit.title, quantity, unitPrice: unit.price ?? 0 };
  });
  const same =
    request.selectedTime === order.availabilityId &&
    lines.length === order.lines.length &&
    lines.every((l) => order.lines.some((o) => o.unitId === l.unitId && o.quantity === l.quantity));
  if (same) throw new AppError(400, 'VALIDATION', 'changeNothing');
  if (toTotal > order.total) throw new AppError(409, 'COSTS_MORE', 'changeCostsMore');
  return { reference: order.supplierReference, fromTotal: order.total, toTotal, refund: order.total - toTotal, currency: order.currency, lines, selectedTime: request.selectedTime };
}

export async function changeBooking(deps: CheckoutDeps, member: { userId: string }, request: ChangeRequest, locale: Locale): Promise<ChangeResult> {
  void locale;
  const { db } = deps;
  const order = await memberBooking(db, member.userId, request.bookingId);
  const priced = await quote(deps, order, request);
  if (!request.confirm) return { ...priced, changed: false };

  // One change of a booking at a time (a double click, two tabs): the completion lease of the order.
  const at = deps.now?.() ?? new Date();
  const [leased] = await db
    .update(orders)
    .set({ completionLeaseUntil: new Date(at.getTime() + COMPLETION_LEASE_MS) })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'CONFIRMED'), or(isNull(orders.completionLeaseUntil), lt(orders.completionLeaseUntil, at))))
    .returning();
  if (!leased) throw new AppError(409, 'BOOKING_BUSY', 'bookingBusy');
  // The order as it was when the lease was taken: a change that finished meanwhile is not overwritten.
  if (leased.availabilityId !== order.availabilityId || leased.total !== order.total) {
    await release(deps, order.id);
    throw new AppError(409, 'BOOKING_BUSY', 'bookingBusy');
  }

  let booking: SupplierBooking;
  try {
    const unitItems = priced.lines.flatMap((l) => Array.from({ length: l.quantity }, () => ({ unitId: l.unitId })));
    // Unit items without their uuids: every ticket is new, the old codes stop admitting.
    booking = await deps.supplier.updateBooking(order.bookingUuid, { availabilityId: priced.selectedTime, unitItems }).catch(refusal);
  } catch (error) {
    await release(deps, order.id);
    throw error;
  }

  const tickets = booking.unitItems.map((item) => {
    const reference = item.supplierReference ?? item.uuid;
    return { reference, unitId: item.unitId, code: signTicketCode({ ticket: reference, booking: order.supplierReference, slot: priced.selectedTime }) };
  });
  const [{ changes: previous = 0 } = {}] = await db.select({ changes: count() }).from(bookingChanges).where(eq(bookingChanges.orderId, order.id));
  const who = await contact(deps, order.userId);
  const { updated, changeId } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        availabilityId: priced.selectedTime,
        lines: priced.lines,
        total: priced.toTotal,
        tickets,
        replacedTickets: [...order.replacedTickets, ...(order.tickets ?? [])],
        refundedAmount: order.refundedAmount + priced.refund,
        completionLeaseUntil: null,
      })
      .where(eq(orders.id, order.id))
      .returning();
    const [change] = await tx
      .insert(bookingChanges)
      .values({
        orderId: order.id,
        fromAvailabilityId: order.availabilityId,
        toAvailabilityId: priced.selectedTime,
        fromLines: order.lines,
        toLines: priced.lines,
        fromTotal: order.total,
        toTotal: priced.toTotal,
        refundAmount: priced.refund,
        createdAt: at,
      })
      .returning({ id: bookingChanges.id });
    const end = booking.availability?.localDateTimeEnd ?? priced.selectedTime;
    const calendar = orderCalendar(row!, end, deps.siteUrl, previous + 1);
    const message = await renderTicketsEmail(row!, who, deps.siteUrl, { calendar, changed: { refund: priced.refund } });
    await enqueueMail(tx as never, `change:${change!.id}`, message);
    return { updated: row!, changeId: change!.id };
  });

  if (priced.refund > 0) {
    try {
      await deps.gateway.refund(updated.paymentSessionId, priced.refund, `change:${changeId}`);
      await db.update(bookingChanges).set({ refundedAt: deps.now?.() ?? new Date() }).where(eq(bookingChanges.id, changeId));
    } catch (error) {
      // The change stands; the refund is recorded as owed (refunded_at empty) for the operator to retry.
      console.error('[bookings] the refund of a change failed; it is owed', changeId, error);
    }
  }
  await deliverQueuedMail(db, deps.mail, { idempotencyKey: `change:${changeId}` }).catch((error: unknown) => console.error('[bookings] the e-mail waits in the mail queue', error));
  return { ...priced, changed: true };
}

async function release(deps: CheckoutDeps, orderId: string) {
  await deps.db.update(orders).set({ completionLeaseUntil: null }).where(eq(orders.id, orderId));
}

async function contact(deps: CheckoutDeps, userId: string) {
  const [row] = await deps.db
    .select({ email: users.email, firstName: memberships.firstName, lastName: memberships.lastName })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.id, userId));
  return { email: row?.email ?? '', name: [row?.firstName, row?.lastName].filter(Boolean).join(' ') };
}

/** The supplier's refusal as our message; a booking the supplier will not change (redeemed, started). */
function refusal(error: unknown): never {
  if (error instanceof SupplierError) {
    if (error.code === 'UNPROCESSABLE_ENTITY') {
      if (error.refusal) throw new AppError(409, 'SOLD_OUT', ...supplierRefusal(error));
      throw new AppError(409, 'NOT_CHANGEABLE', 'bookingNotChangeable');
    }
    if (error.code === 'INVALID_AVAILABILITY_ID') throw new AppError(400, 'VALIDATION', 'timeNotAvailable');
    if (error.code === 'INVALID_UNIT_ID') throw new AppError(400, 'VALIDATION', 'unknownTicketType');
  }
  if (error instanceof AppError) throw error;
  console.error('[bookings] supplier failed', error);
  throw new AppError(502, 'SUPPLIER_FAILED', 'internal');
}
