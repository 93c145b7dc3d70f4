// The unpaid holds of revoked resellers given back (cancelled, kept for the record), inside the caller's
// transaction that revokes them (docs/decisions/0014).
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { bookingStates } from './booking-states';

/** Returns how many holds were released. */
export async function releaseResellerHolds(tx: Database, resellerIds: string[], now: Date): Promise<number> {
  if (resellerIds.length === 0) return 0;
  const released = await tx
    .update(bookings)
    .set({ status: bookingStates.transition('ON_HOLD', 'CANCELLED'), cancelledAt: now, updatedAt: now, cancellationReason: 'The reseller was revoked' })
    .where(and(inArray(bookings.resellerId, resellerIds), eq(bookings.status, 'ON_HOLD'), gt(bookings.expiresAt, now)))
    .returning({ id: bookings.id });
  return released.length;
}
