// An event that earns tokens (a member joined, a booking was confirmed, a ticket was redeemed) becomes
// rows of work, in the same database as the event itself. Recording it twice changes nothing.
import { dropsFor, type Trigger } from '@/config/drops';
import type { Database } from '@/server/db/client';
import { tokenIssues } from '@/server/db/schema';
import { enqueue } from '../jobs/enqueue';

export type LoyaltyEvent = { userId: string; trigger: Trigger; productId?: string; bookingUuid?: string };

export function sourceOf(event: LoyaltyEvent): string {
  if (event.trigger === 'joined') return 'joined';
  return `${event.trigger === 'booking-confirmed' ? 'booking' : 'visit'}:${event.bookingUuid}`;
}

/** Records the work of the event's drops, with a `loyalty.issue` job per new token, in the caller's
 * transaction; answers how many tokens it newly earned. `notBefore` holds the first attempt back (the
 * welcome token arrives a moment after the first sign-in, for the member to see). */
export async function recordLoyaltyEvent(db: Database, event: LoyaltyEvent, notBefore?: Date): Promise<number> {
  const drops = dropsFor(event.trigger, event.productId);
  if (drops.length === 0) return 0;
  const source = sourceOf(event);
  const added = await db
    .insert(tokenIssues)
    .values(drops.map((drop) => ({ userId: event.userId, dropId: drop.id, source, status: 'pending' as const })))
    .onConflictDoNothing()
    .returning({ id: tokenIssues.id });
  for (const { id } of added) await enqueue(db, 'loyalty.issue', { issueId: id }, { runAt: notBefore, dedupeKey: `loyalty.issue:${id}` });
  return added.length;
}
