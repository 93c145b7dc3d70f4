// What a member's stored tier gives them now (decision 0038): its member discount and its extra tickets
// per booking. A member without a stored tier yet has the first tier's perks, as on joining.
import { eq } from 'drizzle-orm';
import { currentProgram } from '@/config/program';
import type { TierPerks } from '@/config/program-schema';
import type { Database } from '@/server/db/client';
import { memberTiers } from '@/server/db/schema';

export type MemberPerks = TierPerks & { tierId: string };

export async function memberPerks(db: Database, userId: string): Promise<MemberPerks> {
  const program = currentProgram();
  const [stored] = await db.select({ tierId: memberTiers.tierId }).from(memberTiers).where(eq(memberTiers.userId, userId));
  // A tier the program no longer has reads as the first until the member is recomputed, as getMembership has it.
  const tier = program.tiers.find((t) => t.id === stored?.tierId) ?? program.tiers[0]!;
  return { tierId: tier.id, ...tier.perks };
}

/** How an order records the discount it was sold with. */
export function memberDiscountReason(perks: MemberPerks): string {
  return `member-tier:${perks.tierId}`;
}
