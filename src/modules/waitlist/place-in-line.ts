// A waiting member's place in line: the entries still waiting for the same slot that joined before
// them, plus one.
import { and, count, eq, lte } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { waitlistEntries } from '@/server/db/schema';

type InLine = Pick<typeof waitlistEntries.$inferSelect, 'optionId' | 'availabilityId' | 'line'>;

export async function placeInLine(db: Database, entry: InLine): Promise<number> {
  const [{ ahead = 0 } = {}] = await db
    .select({ ahead: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.optionId, entry.optionId),
        eq(waitlistEntries.availabilityId, entry.availabilityId),
        eq(waitlistEntries.status, 'WAITING'),
        lte(waitlistEntries.line, entry.line),
      ),
    );
  return Math.max(ahead, 1);
}
