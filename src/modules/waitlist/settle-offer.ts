// An offer follows its order (decision 0032): whatever finishes the order (its confirmation, its release,
// its refund, its payment closing unpaid) settles the waitlist entry that offered it, inside the same
// transaction, so the entry never waits for a worker to notice. An offer that ends unpaid frees its places
// for the next in line.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { waitlistEntries } from '@/server/db/schema';
import { enqueuePlacesFreed } from './places-freed';
import { waitlistStates } from './waitlist-states';

export type OfferOutcome = 'BOOKED' | 'EXPIRED' | 'LEFT';

/** Moves the OFFERED entry of this order to `to`; false when the order came from no offer, or its entry
 * has moved on already. */
export async function settleOffer(tx: Database, orderId: string, to: OfferOutcome, at: Date): Promise<boolean> {
  const [row] = await tx
    .update(waitlistEntries)
    .set({ status: waitlistStates.transition('OFFERED', to), closedAt: at })
    .where(and(eq(waitlistEntries.orderId, orderId), eq(waitlistEntries.status, 'OFFERED')))
    .returning({ id: waitlistEntries.id });
  if (row && to !== 'BOOKED') await enqueuePlacesFreed(tx);
  return Boolean(row);
}
