// A member leaves a waitlist. Leaving while places are offered gives them back at once, so the next in
// line gets them sooner; an offer already paid is a booking, not a place in line.
import { and, eq } from 'drizzle-orm';
import { orders, waitlistEntries } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { releaseUnpaidOrder } from '../checkout/booking-limits';
import type { CheckoutDeps } from '../checkout/deps';
import { enqueuePlacesFreed } from './places-freed';

export async function leaveWaitlist(deps: CheckoutDeps, member: { userId: string }, entryId: string): Promise<{ left: true }> {
  const { db } = deps;
  const at = deps.now?.() ?? new Date();
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.userId, member.userId)));
  if (!entry || (entry.status !== 'WAITING' && entry.status !== 'OFFERED')) throw new AppError('NOT_FOUND', 'waitlistEntryNotFound');

  if (entry.status === 'OFFERED' && entry.orderId) {
    const [order] = await db.select().from(orders).where(eq(orders.id, entry.orderId));
    if (order?.status === 'CONFIRMED') throw new AppError('ALREADY_BOOKED', 'waitlistAlreadyBooked');
    if (order?.status === 'PENDING_PAYMENT' && order.holdExpiresAt > at && (await releaseUnpaidOrder(deps, order, at, 'Released: the member left the waitlist')) === 'paid') {
      throw new AppError('ALREADY_BOOKED', 'waitlistAlreadyBooked');
    }
  }
  const left = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(waitlistEntries)
      .set({ status: 'LEFT', closedAt: at })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, entry.status)))
      .returning({ id: waitlistEntries.id });
    // An offer left: its places go to the next in line.
    if (row && entry.status === 'OFFERED') await enqueuePlacesFreed(tx);
    return row;
  });
  // The worker changed it meanwhile (an offer made or settled): the member reloads and decides again.
  if (!left) throw new AppError('WAITLIST_CHANGED', 'waitlistChanged');
  return { left: true };
}
