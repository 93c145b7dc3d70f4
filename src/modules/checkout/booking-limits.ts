// Inventory is protected like a real ticket shop's (docs/decisions/0014): Book, and every change of a
// booking with its quotes (docs/decisions/0035), is rate-limited per member and per client address; one
// member books one thing at a time; and a member holds at most UNPAID_BOOKINGS_PER_MEMBER unpaid
// bookings: a new Book first releases the oldest beyond that, so one member cannot keep a day's places out
// of everyone else's reach.
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { SupplierError } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { bookingLeases, orders } from '@/server/db/schema';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { enforceRateLimits } from '@/server/rate-limit';
import { completePayment } from '../payments/complete-payment';
import { paymentById } from '../payments/ledger';
import { sessionState } from '../payments/free-session';
import { settleOrderReward } from '../program/checkout-rewards';
import { giveBackOrderGiftCard } from '../gift-cards/pay-with-gift-card';
import { settleOffer } from '../waitlist/settle-offer';
import type { CheckoutDeps } from './deps';
import type { OrderRow } from './order-view';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

/** Long enough for a hold and a payment session; short enough that a crashed Book frees the member soon. */
const LEASE_MS = 60_000;

/** What a member does to the inventory, each limited on its own: Book; changing or cancelling a booking
 * (each sends mail, tickets and pushes); asking what a change or a cancellation would cost (read only,
 * so allowed more often). */
export type BookingAction = 'book' | 'change' | 'quote';

/** Throws 429 (with Retry-After) when the member or the client address has done `action` too often lately. */
export async function enforceBookingRateLimits(
  db: Database,
  who: { userId: string; clientIp: string },
  action: BookingAction = 'book',
): Promise<void> {
  const env = getEnv();
  const limits = {
    book: { member: env.RATE_LIMIT_BOOK_PER_MEMBER, ip: env.RATE_LIMIT_BOOK_PER_IP },
    change: { member: env.RATE_LIMIT_CHANGE_PER_MEMBER, ip: env.RATE_LIMIT_CHANGE_PER_IP },
    quote: { member: env.RATE_LIMIT_QUOTE_PER_MEMBER, ip: env.RATE_LIMIT_QUOTE_PER_IP },
  }[action];
  await enforceRateLimits(db, [
    { key: `${action}:member:${who.userId}`, limit: limits.member },
    { key: `${action}:ip:${who.clientIp}`, limit: limits.ip },
  ]);
}

/** Runs `book` while holding the member's booking lease; a second Book of the same member meanwhile is
 * refused (409) instead of holding places beside the first. */
export async function oneBookingAtATime<T>(deps: CheckoutDeps, userId: string, book: () => Promise<T>): Promise<T> {
  const now = (deps.now ?? serverNow)();
  const until = new Date(now.getTime() + LEASE_MS);
  const [taken] = await deps.db
    .insert(bookingLeases)
    .values({ userId, until })
    .onConflictDoUpdate({ target: bookingLeases.userId, set: { until }, setWhere: lt(bookingLeases.until, now) })
    .returning({ userId: bookingLeases.userId });
  if (!taken) throw new AppError('BOOKING_IN_PROGRESS', 'bookingInProgress', {}, { 'Retry-After': '5' });
  try {
    return await book();
  } finally {
    await deps.db
      .delete(bookingLeases)
      .where(and(eq(bookingLeases.userId, userId), eq(bookingLeases.until, until)))
      .catch((error: unknown) => log.error('[checkout] the booking lease could not be given back; it runs out by itself', { error }));
  }
}

/**
 * Releases the member's open unpaid bookings beyond the newest `keep`, oldest first: the hold is cancelled
 * at the supplier and the order marked released, its hold ending now. One that was paid meanwhile is
 * completed instead (it is not unpaid). A payment that still comes for a released order is refunded, as
 * any payment after its hold. Returns how many were released.
 */
export async function releaseUnpaidBookings(deps: CheckoutDeps, userId: string, keep: number): Promise<number> {
  const now = (deps.now ?? serverNow)();
  const open = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'PENDING_PAYMENT'), gt(orders.holdExpiresAt, now), isNull(orders.releasedAt)))
    .orderBy(asc(orders.createdAt));
  let released = 0;
  for (const order of open.slice(0, Math.max(open.length - keep, 0))) {
    if ((await releaseUnpaidOrder(deps, order, now, 'Released: the member booked again')) === 'released') released++;
  }
  return released;
}

/** Gives back the places of one unpaid order: its hold cancelled at the supplier, the order marked
 * released (its hold ending now) and the waitlist offer it came from, if any, settled in the same
 * transaction (EXPIRED, or LEFT when the member leaves the line). One paid meanwhile is completed instead
 * and answers 'paid'. */
export async function releaseUnpaidOrder(deps: CheckoutDeps, order: OrderRow, now: Date, reason: string, offerBecomes: 'EXPIRED' | 'LEFT' = 'EXPIRED'): Promise<'released' | 'paid'> {
  const payment = await paymentById(deps.db, order.paymentId);
  const { gatewaySessionId } = payment;
  if ((await sessionState(deps.gateway, payment)).status !== 'open') {
    await completePayment(deps, gatewaySessionId);
    return 'paid';
  }
  await deps.supplier.cancelBooking(order.bookingUuid, { reason }).catch((error: unknown) => {
    // A hold that ran out or is already cancelled is released already.
    if (error instanceof SupplierError && (error.code === 'UNPROCESSABLE_ENTITY' || error.code === 'INVALID_BOOKING_UUID')) return;
    log.error('[checkout] an unpaid hold could not be released', { error });
    throw new AppError('SUPPLIER_FAILED', 'internal');
  });
  await deps.db.transaction(async (tx) => {
    const [released] = await tx
      .update(orders)
      .set({ releasedAt: now, holdExpiresAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'PENDING_PAYMENT')))
      .returning({ id: orders.id });
    if (released) await settleOffer(tx, order.id, offerBecomes, now);
    // A reward's points or a guest pass the released order took come back (decision 0042).
    if (released) await settleOrderReward(tx, order.id, 'unpaid', now);
    if (released) await giveBackOrderGiftCard(tx, order.id, now);
  });
  return 'released';
}
