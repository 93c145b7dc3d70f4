// A member's tier from their visits in the window, stored (member_tiers) with the date it must be looked
// at again, and each change recorded (member_tier_changes) for the program's reports.
import { and, count, eq, gte, min } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentProgram } from '@/config/program';
import type { Database } from '@/server/db/client';
import { memberTierChanges, memberTiers, memberVisits, users } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import { recordMemberCardUpdate } from '../wallet/member-card-updates';
import { agesOutOn, tierFor, windowStart } from './tier-rule';

export type TierChangeReason = (typeof memberTierChanges.$inferSelect)['reason'];

/** Recomputes and stores the member's tier; answers it with the one before (undefined: no such member). */
export async function recomputeTier(db: Database, userId: string, now: Date, reason: TierChangeReason): Promise<{ from: string | null; to: string } | undefined> {
  const program = currentProgram();
  const today = todayIn(TIME_ZONE, now);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // The member's row lock: two recomputes of one member (a job and the recurring sweep) one after the other.
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!member) return undefined;
    const [window] = await tx
      .select({ visits: count(), oldest: min(memberVisits.visitDate) })
      .from(memberVisits)
      .where(and(eq(memberVisits.userId, userId), gte(memberVisits.visitDate, windowStart(program, today))));
    const visits = window?.visits ?? 0;
    const tier = tierFor(program, visits);
    const [before] = await tx.select({ tierId: memberTiers.tierId }).from(memberTiers).where(eq(memberTiers.userId, userId));
    const stored = { tierId: tier.id, visits, recomputeOn: window?.oldest ? agesOutOn(program, window.oldest) : null, updatedAt: now };
    await tx.insert(memberTiers).values({ userId, ...stored }).onConflictDoUpdate({ target: memberTiers.userId, set: stored });
    const from = before?.tierId ?? null;
    if (from !== tier.id) {
      await tx.insert(memberTierChanges).values({ userId, fromTier: from, toTier: tier.id, at: now, reason });
      // The tier on the member's wallet card (decision 0043).
      await recordMemberCardUpdate(tx, userId, now);
    }
    return { from, to: tier.id };
  });
}

/** A new member's first tier (inside the sign-up's transaction): the program's first, on joining. */
export async function startMemberTier(tx: Database, userId: string, now: Date): Promise<void> {
  const first = currentProgram().tiers[0]!;
  await tx.insert(memberTiers).values({ userId, tierId: first.id, visits: 0, recomputeOn: null, updatedAt: now }).onConflictDoNothing();
  await tx.insert(memberTierChanges).values({ userId, fromTier: null, toTier: first.id, at: now, reason: 'joined' });
}
