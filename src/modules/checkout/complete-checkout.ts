// A paid session confirms its booking exactly once. Webhook retries, double clicks, reloads and
// concurrent returns all come here: a lease on the order lets one of them work while the others wait,
// the supplier's confirm and the gateway's refund are idempotent, and a finished order stays finished.
// A payment that arrives after the hold ran out is refunded, and the member is told.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SupplierError } from '@/ports/supplier';
import { memberships, orders, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordLoyaltyEvent } from '../loyalty/record-event';
import type { CheckoutDeps } from './deps';
import type { OrderRow } from './order-view';
import { renderRefundEmail, renderTicketsEmail } from './tickets-email';

/** Long enough for a supplier call; short enough that a crashed worker's order is picked up again soon. */
const LEASE_MS = 60_000;

export type Completion = { order: OrderRow; outcome: 'confirmed' | 'refunded' | 'unpaid' | 'in-progress' | 'done-before' };

async function member(deps: CheckoutDeps, userId: string) {
  const [row] = await deps.db
    .select({ email: users.email, firstName: memberships.firstName, lastName: memberships.lastName, phoneNumber: memberships.phoneNumber, country: memberships.country, locale: memberships.locale })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`order of a member who no longer exists: ${userId}`);
  return row;
}

export async function completeCheckout(deps: CheckoutDeps, paymentSessionId: string): Promise<Completion> {
  const { db, gateway, supplier } = deps;
  const now = deps.now ?? (() => new Date());
  const [current] = await db.select().from(orders).where(eq(orders.paymentSessionId, paymentSessionId));
  if (!current) throw new AppError(404, 'NOT_FOUND', 'noPaymentSession');
  if (current.status === 'CONFIRMED' || current.status === 'REFUNDED') return { order: current, outcome: 'done-before' };

  const state = await gateway.getState(paymentSessionId);
  if (state.status === 'open') return { order: current, outcome: 'unpaid' };

  // Take the lease: only one caller gets a row back.
  const at = now();
  const [leased] = await db
    .update(orders)
    .set({ completionLeaseUntil: new Date(at.getTime() + LEASE_MS) })
    .where(and(eq(orders.id, current.id), eq(orders.status, 'PENDING_PAYMENT'), or(isNull(orders.completionLeaseUntil), lt(orders.completionLeaseUntil, at))))
    .returning();
  if (!leased) {
    const [latest] = await db.select().from(orders).where(eq(orders.id, current.id));
    return { order: latest!, outcome: latest!.status === 'PENDING_PAYMENT' ? 'in-progress' : 'done-before' };
  }

  const who = await member(deps, leased.userId);
  const paidEnough = state.amountPaid >= leased.total && state.currency === leased.currency;
  let outcome: 'confirmed' | 'refunded';
  let finished: OrderRow;
  try {
    if (!paidEnough) throw new SupplierError('UNPROCESSABLE_ENTITY', 'The amount paid does not match the order');
    const booking = await supplier.confirmBooking(leased.bookingUuid, {
      contact: {
        firstName: who.firstName,
        lastName: who.lastName,
        fullName: [who.firstName, who.lastName].filter(Boolean).join(' ') || null,
        emailAddress: who.email,
        phoneNumber: who.phoneNumber,
        country: who.country,
        locales: [leased.locale],
      },
      resellerReference: leased.id,
    });
    // Recorded before the order is marked: a crash in between is healed by the next completion call.
    await recordLoyaltyEvent(db, { userId: leased.userId, trigger: 'booking-confirmed', productId: leased.productId, bookingUuid: leased.bookingUuid });
    const [row] = await db
      .update(orders)
      .set({
        status: 'CONFIRMED',
        paidAt: leased.paidAt ?? at,
        confirmedAt: at,
        completionLeaseUntil: null,
        tickets: booking.unitItems.map((item) => ({ reference: item.supplierReference ?? item.uuid, unitId: item.unitId })),
      })
      .where(eq(orders.id, leased.id))
      .returning();
    finished = row!;
    outcome = 'confirmed';
  } catch (error) {
    if (!(error instanceof SupplierError) || error.code !== 'UNPROCESSABLE_ENTITY') {
      // The supplier could not answer: give the lease back, so that a retry completes the order.
      await db.update(orders).set({ completionLeaseUntil: null }).where(eq(orders.id, leased.id));
      throw error;
    }
    // The hold ran out (or the sum is wrong): the places are gone, so the money goes back.
    await gateway.refund(paymentSessionId, state.amountPaid);
    await supplier.cancelBooking(leased.bookingUuid, { reason: 'Refunded: paid after the hold ran out' }).catch(() => undefined);
    const [row] = await db
      .update(orders)
      .set({ status: 'REFUNDED', paidAt: leased.paidAt ?? at, refundedAt: at, completionLeaseUntil: null })
      .where(eq(orders.id, leased.id))
      .returning();
    finished = row!;
    outcome = 'refunded';
  }

  // The e-mail goes once: whoever marks it sent is the one who sends it.
  const [claimed] = await db
    .update(orders)
    .set({ ticketsSentAt: at })
    .where(and(eq(orders.id, finished.id), isNull(orders.ticketsSentAt)))
    .returning({ id: orders.id });
  if (claimed) {
    const name = [who.firstName, who.lastName].filter(Boolean).join(' ');
    const message =
      outcome === 'confirmed'
        ? await renderTicketsEmail(finished, { email: who.email, name }, deps.siteUrl)
        : renderRefundEmail(finished, { email: who.email }, deps.siteUrl);
    await deps.mail.send(message).catch(async (error: unknown) => {
      console.error('[checkout] the e-mail could not be sent; the next completion call tries again', error);
      await db.update(orders).set({ ticketsSentAt: null }).where(eq(orders.id, finished.id));
    });
  }
  return { order: finished, outcome };
}
