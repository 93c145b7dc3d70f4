// A paid session confirms its booking exactly once. Webhook retries, double clicks, reloads, concurrent
// returns and the sweeper (sweep-paid-orders.ts) all come here: a lease on the order lets one of them work
// while the others wait, the supplier's confirm and the gateway's refund are idempotent, and only a
// pending order is ever marked finished, so a finished order stays finished. A payment that arrives after
// the hold ran out is refunded, and the member is told. The e-mail is queued in the transaction that
// finishes the order, then sent (modules/email/mail-queue.ts): a crash never loses it.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { MailMessage } from '@/ports/mail';
import { SupplierError } from '@/ports/supplier';
import { memberships, orders, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { sendMailNow, enqueueMail } from '../email/mail-queue';
import { orderCalendar } from '../bookings/booking-ics';
import { recordLoyaltyEvent } from '../loyalty/record-event';
import { signTicketCode } from '../tickets/ticket-codes';
import type { CheckoutDeps } from './deps';
import type { OrderRow } from './order-view';
import { renderRefundEmail, renderTicketsEmail } from './tickets-email';

/** Long enough for the supplier's and the gateway's calls (each bounded by a timeout); short enough that an
 * order whose worker crashed is completed again well within a minute. An overlap is harmless: the
 * supplier and the gateway are idempotent and only a pending order is marked finished. */
export const COMPLETION_LEASE_MS = 30_000;

/** `expired`: the payment session closed unpaid, so nothing will ever complete this order. */
export type Completion = { order: OrderRow; outcome: 'confirmed' | 'refunded' | 'unpaid' | 'expired' | 'in-progress' | 'done-before' };

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

/** Marks the pending order finished and queues its e-mail, in one transaction; undefined when another
 * caller finished it first. */
async function finish(deps: CheckoutDeps, order: OrderRow, changes: Finish, mailKey: string, message: MailMessage): Promise<OrderRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ ...changes, completionLeaseUntil: null, nextPaymentCheckAt: null })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'PENDING_PAYMENT')))
      .returning();
    if (row) await enqueueMail(tx, mailKey, message);
    return row;
  });
}

export async function completeCheckout(deps: CheckoutDeps, paymentSessionId: string): Promise<Completion> {
  const { db, gateway, supplier } = deps;
  const now = deps.now ?? (() => new Date());
  const [current] = await db.select().from(orders).where(eq(orders.paymentSessionId, paymentSessionId));
  if (!current) throw new AppError('NOT_FOUND', 'noPaymentSession');
  if (current.status === 'CONFIRMED' || current.status === 'REFUNDED' || current.status === 'CANCELLED') return { order: current, outcome: 'done-before' };

  const state = await gateway.getState(paymentSessionId);
  if (state.status === 'open') return { order: current, outcome: 'unpaid' };
  if (state.status === 'expired') return { order: current, outcome: 'expired' };

  // Take the lease: only one caller gets a row back.
  const at = now();
  const [leased] = await db
    .update(orders)
    .set({ completionLeaseUntil: new Date(at.getTime() + COMPLETION_LEASE_MS) })
    .where(and(eq(orders.id, current.id), eq(orders.status, 'PENDING_PAYMENT'), or(isNull(orders.completionLeaseUntil), lt(orders.completionLeaseUntil, at))))
    .returning();
  if (!leased) {
    const order = await latest(deps, current.id);
    return { order, outcome: order.status === 'PENDING_PAYMENT' ? 'in-progress' : 'done-before' };
  }

  const who = await member(deps, leased.userId);
  const name = [who.firstName, who.lastName].filter(Boolean).join(' ');
  const paidEnough = state.amountPaid >= leased.total && state.currency === leased.currency;
  let booking;
  try {
    if (!paidEnough) throw new SupplierError('UNPROCESSABLE_ENTITY', 'The amount paid does not match the order');
    booking = await supplier.confirmBooking(leased.bookingUuid, {
      contact: {
        firstName: who.firstName,
        lastName: who.lastName,
        fullName: name || null,
        emailAddress: who.email,
        phoneNumber: who.phoneNumber,
        country: who.country,
        locales: [leased.locale],
      },
      resellerReference: leased.id,
    });
  } catch (error) {
    if (!(error instanceof SupplierError) || error.code !== 'UNPROCESSABLE_ENTITY') {
      // The supplier could not answer: give the lease back, so that a retry completes the order.
      await db.update(orders).set({ completionLeaseUntil: null }).where(eq(orders.id, leased.id));
      throw error;
    }
  }

  let finished: OrderRow | undefined;
  let outcome: 'confirmed' | 'refunded';
  let mailKey: string;
  if (booking) {
    // Recorded before the order is marked: a crash in between is healed by the next completion call.
    await recordLoyaltyEvent(db, { userId: leased.userId, trigger: 'booking-confirmed', productId: leased.productId, bookingUuid: leased.bookingUuid });
    const tickets = booking.unitItems.map((item) => {
      const reference = item.supplierReference ?? item.uuid;
      // The QR carries a signed code: a gate tells a forged one without the database.
      return { reference, unitId: item.unitId, code: signTicketCode({ ticket: reference, booking: leased.supplierReference, slot: leased.availabilityId }) };
    });
    const changes = { status: 'CONFIRMED' as const, paidAt: leased.paidAt ?? at, confirmedAt: at, tickets };
    const confirmed = { ...leased, ...changes };
    const end = booking.availability?.localDateTimeEnd;
    const calendar = end ? orderCalendar(confirmed, end, deps.siteUrl) : undefined;
    const message = await renderTicketsEmail(confirmed, { email: who.email, name }, deps.siteUrl, { calendar });
    mailKey = `tickets:${leased.id}`;
    finished = await finish(deps, leased, changes, mailKey, message);
    outcome = 'confirmed';
  } else {
    // The hold ran out (or the sum is wrong): the places are gone, so the money goes back.
    await gateway.refund(paymentSessionId, state.amountPaid);
    await supplier.cancelBooking(leased.bookingUuid, { reason: 'Refunded: paid after the hold ran out' }).catch(() => undefined);
    const changes = { status: 'REFUNDED' as const, paidAt: leased.paidAt ?? at, refundedAt: at };
    mailKey = `refund:${leased.id}`;
    finished = await finish(deps, leased, changes, mailKey, renderRefundEmail({ ...leased, ...changes }, { email: who.email }, deps.siteUrl));
    outcome = 'refunded';
  }
  // Our lease ran out while we worked and another caller finished the order: theirs is the one.
  if (!finished) return { order: await latest(deps, leased.id), outcome: 'done-before' };

  // Sent now if the transport answers; its job (src/modules/jobs) retries it otherwise.
  await sendMailNow(db, deps.mail, mailKey);
  return { order: finished, outcome };
}

async function latest(deps: CheckoutDeps, orderId: string): Promise<OrderRow> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}
