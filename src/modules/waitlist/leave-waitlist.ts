// A member leaves a waitlist. Leaving while places are offered gives them back at once, so the next in
// line gets them sooner; an offer already paid is a booking, not a place in line.
import { and, eq } from 'drizzle-orm';
import { orders, waitlistEntries } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { releaseUnpaidOrder } from '../checkout/booking-limits';
import type { CheckoutDeps } from '../checkout/deps';
import { settleOffer } from './settle-offer';
import { waitlistStates } from './waitlist-states';
import { serverNow } from '@/server/clock';

export async function leaveWaitlist(deps: CheckoutDeps, member: { userId: string }, entryId: string): Promise<{ left: true }> {
  const { db } = deps;
  const at = deps.now?.() ?? serverNow();
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.userId, member.userId)));
  // Paid (settled with its order's confirmation): a booking now, not a place in line to leave.
  if (entry?.status === 'BOOKED') throw new AppError('ALREADY_BOOKED', 'waitlistAlreadyBooked');
  if (!entry || (entry.status !== 'WAITING' && entry.status !== 'OFFERED')) throw new AppError('NOT_FOUND', 'waitlistEntryNotFound');

  if (entry.status === 'OFFERED' && entry.orderId) {
    const [order] = await db.select().from(orders).where(eq(orders.id, entry.orderId));
    if (order?.status === 'CONFIRMED') throw new AppError('ALREADY_BOOKED', 'waitlistAlreadyBooked');
    if (order?.status === 'PENDING_PAYMENT' && order.holdExpiresAt > at) {
      // The release settles the entry LEFT in its own transaction, and frees the places for the next in line.
      if ((await releaseUnpaidOrder(deps, order, at, 'Released: the member left the waitlist', 'LEFT')) === 'paid') {
        throw new AppError('ALREADY_BOOKED', 'waitlistAlreadyBooked');
      }
      const [after] = await db.select({ status: waitlistEntries.status }).from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
      if (after?.status !== 'LEFT') throw new AppError('WAITLIST_CHANGED', 'waitlistChanged');
      return { left: true };
    }
  }
  // A place in line, or an offer whose hold ran out (its payment not closed yet): the member leaves it.
  const left = await db.transaction(async (tx) => {
    if (entry.status === 'OFFERED' && entry.orderId) return settleOffer(tx, entry.orderId, 'LEFT', at);
    const [row] = await tx
      .update(waitlistEntries)
      .set({ status: waitlistStates.transition(entry.status, 'LEFT'), closedAt: at })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, entry.status)))
      .returning({ id: waitlistEntries.id });
    return Boolean(row);
  });
  // The worker or the order changed it meanwhile (an offer made or settled): the member reloads and decides again.
  if (!left) throw new AppError('WAITLIST_CHANGED', 'waitlistChanged');
  return { left: true };
}
