// The order in which a slot's waiting members are offered freed places (decision 0041): members of a tier
// with the waitlist priority perk before those of lower tiers (the higher tier first), and within one
// rank, first come first served (the line's sequence). Read from the members' tiers of now.
import { and, asc, eq } from 'drizzle-orm';
import { currentProgram } from '@/config/program';
import type { Database } from '@/server/db/client';
import { memberTiers, waitlistEntries } from '@/server/db/schema';

type Entry = typeof waitlistEntries.$inferSelect;
type SlotOf = Pick<Entry, 'optionId' | 'availabilityId'>;

/** A tier's rank on a waitlist: 0 without the perk, else its place among the tiers, from 1. */
export function waitlistRank(tierId: string | null | undefined): number {
  const tiers = currentProgram().tiers;
  const index = tiers.findIndex((t) => t.id === tierId);
  return index >= 0 && tiers[index]!.perks.waitlistPriority ? index + 1 : 0;
}

/** The entries still waiting for a slot, in the order they are offered places, each with its rank. */
export async function waitingInOrder(db: Database, slot: SlotOf): Promise<(Entry & { rank: number })[]> {
  const rows = await db
    .select({ entry: waitlistEntries, tierId: memberTiers.tierId })
    .from(waitlistEntries)
    .leftJoin(memberTiers, eq(memberTiers.userId, waitlistEntries.userId))
    .where(and(eq(waitlistEntries.optionId, slot.optionId), eq(waitlistEntries.availabilityId, slot.availabilityId), eq(waitlistEntries.status, 'WAITING')))
    .orderBy(asc(waitlistEntries.line));
  // A stable sort keeps the line's order within a rank.
  return rows.map((r) => ({ ...r.entry, rank: waitlistRank(r.tierId) })).sort((a, b) => b.rank - a.rank);
}
