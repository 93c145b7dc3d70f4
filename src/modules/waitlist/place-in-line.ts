// A waiting member's place in line: the entries still waiting for the same slot that will be offered
// places before them (higher tiers with the waitlist priority, then those who joined earlier), plus one.
import type { Database } from '@/server/db/client';
import type { waitlistEntries } from '@/server/db/schema';
import { waitingInOrder } from './waitlist-priority';

type InLine = Pick<typeof waitlistEntries.$inferSelect, 'id' | 'optionId' | 'availabilityId' | 'line'>;

export async function placeInLine(db: Database, entry: InLine): Promise<number> {
  const line = await waitingInOrder(db, entry);
  const index = line.findIndex((e) => e.id === entry.id);
  return index >= 0 ? index + 1 : Math.max(line.filter((e) => e.line <= entry.line).length, 1);
}
