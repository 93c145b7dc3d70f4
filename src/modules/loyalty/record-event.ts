// An event that earns tokens (a member joined, a booking was confirmed, a ticket was redeemed) becomes
// rows of work, in the same database as the event itself. Recording it twice changes nothing.
import { dropsFor, type Trigger } from '@/config/drops';
import type { Database } from '@/server/db/client';
import { tokenIssues } from '@/server/db/schema';
import { signalLoyaltyWork } from './work-signal';

export type LoyaltyEvent = { userId: string; trigger: Trigger; productId?: string; bookingUuid?: string };

export function sourceOf(event: LoyaltyEvent): string {
  if (event.trigger === 'joined') return 'joined';
  return `${event.trigger === 'booking-confirmed' ? 'booking' : 'visit'}:${event.bookingUuid}`;
}

/** Records the work of the event's drops; answers how many tokens it newly earned. `notBefore` holds the
 * first attempt back (the welcome token arrives a moment after the first sign-in, for the member to see).
 * New work wakes the worker. */
export async function recordLoyaltyEvent(db: Database, event: LoyaltyEvent, notBefore?: Date): Promise<number> {
  const drops = dropsFor(event.trigger, event.productId);
  if (drops.length === 0) return 0;
  const source = sourceOf(event);
  const added = await db
    .insert(tokenIssues)
    .values(drops.map((drop) => ({ userId: event.userId, dropId: drop.id, source, status: 'pending' as const, ...(notBefore ? { nextAttemptAt: notBefore } : {}) })))
    .onConflictDoNothing()
    .returning({ id: tokenIssues.id });
  if (added.length > 0) signalLoyaltyWork(notBefore);
  return added.length;
}
