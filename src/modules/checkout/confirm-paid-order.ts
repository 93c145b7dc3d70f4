// The order's purpose of a payment (modules/payments/complete-payment.ts holds the payment's lease): a paid
// session confirms its booking, exactly once. The supplier's confirm and the gateway's refund are
// idempotent, and the order is marked finished, with its payment confirmed or refunded, only while both are
// still pending, so a finished order stays finished. A payment that arrives after the hold ran out is
// refunded, and the member is told. The e-mail is queued in the transaction that finishes the order, then
// sent (modules/email/mail-queue.ts): a crash never loses it.
import { and, eq } from 'drizzle-orm';
import type { MailMessage } from '@/ports/mail';
import type { PaymentState } from '@/ports/payments';
import { SupplierError } from '@/ports/supplier';
import { memberships, orders, payments, users } from '@/server/db/schema';
import { sendMailNow, enqueueMail } from '../email/mail-queue';
import { orderCalendar } from '../bookings/booking-ics';
import { recordLoyaltyEvent } from '../loyalty/record-event';
import { earnPendingPoints } from '../program/member-points';
import { settleOrderReward } from '../program/checkout-rewards';
import { giveBackOrderGiftCard } from '../gift-cards/pay-with-gift-card';
import type { PaymentRow } from '../payments/ledger';
import { paymentStates } from '../payments/payment-states';
import { refundWhole } from '../payments/refund-payment';
import { signTicketCode } from '../tickets/ticket-codes';
import { settleOffer } from '../waitlist/settle-offer';
import type { CheckoutDeps } from './deps';
import { orderStates } from './order-states';
import type { OrderRow } from './order-view';
import { renderRefundEmail, renderTicketsEmail } from './tickets-email';
import { serverNow } from '@/server/clock';

async function member(deps: CheckoutDeps, userId: string) {
  const [row] = await deps.db
    .select({ email: users.email, firstName: memberships.firstName, lastName: memberships.lastName, phoneNumber: memberships.phoneNumber, country: memberships.country, locale: memberships.locale })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`order of a member who no longer exists: ${userId}`);
  return row;
}

type Finish = Pick<OrderRow, 'status' | 'paidAt'> & Partial<Pick<OrderRow, 'confirmedAt' | 'refundedAt' | 'tickets'>>;

/** Marks the pending order finished, settles its payment and the waitlist offer it came from, and queues
 * its e-mail, in one transaction; undefined when another caller finished it first. */
async function finish(deps: CheckoutDeps, order: OrderRow, payment: PaymentRow, changes: Finish, mailKey: string, message: MailMessage, at: Date): Promise<OrderRow | undefined> {
  const status = orderStates.transition(order.status, changes.status);
  const settled = paymentStates.transition(payment.state, status === 'CONFIRMED' ? 'confirmed' : 'refunded');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ ...changes, status })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!row) return undefined;
    await tx
      .update(payments)
      .set({ state: settled, confirmedAt: settled === 'confirmed' ? changes.paidAt : null, leaseUntil: null })
      .where(and(eq(payments.id, payment.id), eq(payments.state, payment.state)));
    await settleOffer(tx, order.id, status === 'CONFIRMED' ? 'BOOKED' : 'EXPIRED', at);
    // The tickets' points, pending until the gate admits them (decision 0037): with the order or not at all.
    if (status === 'CONFIRMED') await earnPendingPoints(tx, row, row.tickets ?? [], at);
    // Its reward stands once paid; paid too late, the points or the guest pass come back (decision 0042).
    await settleOrderReward(tx, row.id, status === 'CONFIRMED' ? 'paid' : 'unpaid', at);
    // Paid too late: what a gift card paid goes back to the card (decision 0047).
    if (status !== 'CONFIRMED') await giveBackOrderGiftCard(tx, row.id, at);
    await enqueueMail(tx, mailKey, message);
    return row;
  });
}

export async function confirmPaidOrder(deps: CheckoutDeps, payment: PaymentRow, state: PaymentState): Promise<'confirmed' | 'refunded' | 'done-before'> {
  const { db, supplier } = deps;
  const at = deps.now?.() ?? serverNow();
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.referenceId));
  if (!order) throw new Error(`payment ${payment.id} pays for no order`);
  if (order.status !== 'PENDING_PAYMENT') return 'done-before';

  const who = await member(deps, order.userId);
  const name = [who.firstName, who.lastName].filter(Boolean).join(' ');
  const paidEnough = state.amountPaid >= payment.amount && state.currency === payment.currency;
  let booking;
  try {
    if (!paidEnough) throw new SupplierError('UNPROCESSABLE_ENTITY', 'The amount paid does not match the order');
    booking = await supplier.confirmBooking(order.bookingUuid, {
      contact: {
        firstName: who.firstName,
        lastName: who.lastName,
        fullName: name || null,
        emailAddress: who.email,
        phoneNumber: who.phoneNumber,
        country: who.country,
        locales: [order.locale],
      },
      resellerReference: order.id,
    });
  } catch (error) {
    // The supplier could not answer: the caller gives the lease back, so that a retry completes the order.
    if (!(error instanceof SupplierError) || error.code !== 'UNPROCESSABLE_ENTITY') throw error;
  }

  let finished: OrderRow | undefined;
  let outcome: 'confirmed' | 'refunded';
  let mailKey: string;
  if (booking) {
    // Recorded before the order is marked: a crash in between is healed by the next completion call.
    await recordLoyaltyEvent(db, { userId: order.userId, trigger: 'booking-confirmed', productId: order.productId, bookingUuid: order.bookingUuid });
    const tickets = booking.unitItems.map((item) => {
      const reference = item.supplierReference ?? item.uuid;
      // The QR carries a signed code: a gate tells a forged one without the database.
      return { reference, unitId: item.unitId, code: signTicketCode({ ticket: reference, booking: order.supplierReference, slot: order.availabilityId }) };
    });
    const changes = { status: 'CONFIRMED' as const, paidAt: order.paidAt ?? at, confirmedAt: at, tickets };
    const confirmed = { ...order, ...changes };
    const end = booking.availability?.localDateTimeEnd;
    const calendar = end ? orderCalendar(confirmed, end, deps.siteUrl) : undefined;
    const message = await renderTicketsEmail(confirmed, { email: who.email, name }, deps.siteUrl, { calendar });
    mailKey = `tickets:${order.id}`;
    finished = await finish(deps, order, payment, changes, mailKey, message, at);
    outcome = 'confirmed';
  } else {
    // The hold ran out (or the sum is wrong): the places are gone, so the money goes back.
    if (state.amountPaid > 0) await refundWhole(deps, { payment, amount: Math.min(state.amountPaid, payment.amount), key: 'late', reason: 'paid after the hold ran out' });
    await supplier.cancelBooking(order.bookingUuid, { reason: 'Refunded: paid after the hold ran out' }).catch(() => undefined);
    const changes = { status: 'REFUNDED' as const, paidAt: order.paidAt ?? at, refundedAt: at };
    mailKey = `refund:${order.id}`;
    finished = await finish(deps, order, payment, changes, mailKey, renderRefundEmail({ ...order, ...changes }, { email: who.email }, deps.siteUrl), at);
    outcome = 'refunded';
  }
  // Our lease ran out while we worked and another caller finished the order: theirs is the one.
  if (!finished) return 'done-before';

  // Sent now if the transport answers; its job (src/modules/jobs) retries it otherwise.
  await sendMailNow(db, deps.mail, mailKey);
  return outcome;
}
