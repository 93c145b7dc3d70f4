// Guest passes, "bring a friend" (decision 0042): members of the configured tiers (demo: Local Legends)
// get `perQuarter` passes each calendar quarter (New York), given when they next look at their profile.
// A pass is a link /join/<code> (128 random bits): a new member who signs up through it claims it, and
// their booking takes one free ticket with it; a pass is claimed once (friend_id is unique, and one friend
// holds at most one pass), and taken by one order at a time (order_id is unique, set only while empty).
import crypto from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentProgram } from '@/config/program';
import type { Database } from '@/server/db/client';
import { guestPasses, memberships, memberTiers } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { todayIn } from '@/universal/local-date';

export type GuestPassView = { code: string; period: string; status: 'unused' | 'claimed' | 'used'; friendName: string | null };

/** "2027-Q2" for a New York date in April to June 2027. */
export function quarterOf(date: string): string {
  return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
}

export const newGuestPassCode = (): string => crypto.randomBytes(16).toString('base64url');

/** Gives the member this quarter's passes if their tier has them and they do not yet (a second call adds nothing). */
export async function issueGuestPasses(db: Database, userId: string, now: Date): Promise<void> {
  const { tiers, perQuarter } = currentProgram().rewards.guestPasses;
  if (perQuarter === 0) return;
  const [tier] = await db.select({ tierId: memberTiers.tierId }).from(memberTiers).where(eq(memberTiers.userId, userId));
  if (!tier || !tiers.includes(tier.tierId)) return;
  const quarter = quarterOf(todayIn(TIME_ZONE, now));
  const rows = Array.from({ length: perQuarter }, (_, i) => ({ code: newGuestPassCode(), memberId: userId, period: perQuarter === 1 ? quarter : `${quarter}-${i + 1}`, issuedAt: now }));
  await db.insert(guestPasses).values(rows).onConflictDoNothing({ target: [guestPasses.memberId, guestPasses.period] });
}

/** The member's passes for the profile, oldest first, with the first name of the friend who used each. */
export async function guestPassesOf(db: Database, userId: string): Promise<GuestPassView[]> {
  const rows = await db
    .select({ code: guestPasses.code, period: guestPasses.period, friendId: guestPasses.friendId, usedAt: guestPasses.usedAt, friendName: memberships.firstName })
    .from(guestPasses)
    .leftJoin(memberships, eq(memberships.userId, guestPasses.friendId))
    .where(eq(guestPasses.memberId, userId))
    .orderBy(asc(guestPasses.issuedAt), asc(guestPasses.period));
  return rows.map((row) => ({
    code: row.code,
    period: row.period,
    status: row.usedAt ? 'used' : row.friendId ? 'claimed' : 'unused',
    friendName: row.friendId ? (row.friendName ?? null) : null,
  }));
}

/** Whether a pass can still bring someone in, as the /join page tells it: whose it is, or why not. The
 * viewer, if signed in, is refused: their own pass, or a member already. */
export async function checkGuestPass(db: Database, code: string, viewerId: string | null): Promise<{ memberName: string }> {
  const [pass] = await db
    .select({ memberId: guestPasses.memberId, friendId: guestPasses.friendId, memberName: memberships.firstName })
    .from(guestPasses)
    .leftJoin(memberships, eq(memberships.userId, guestPasses.memberId))
    .where(eq(guestPasses.code, code));
  if (!pass) throw new AppError('NOT_FOUND', 'guestPassUnknown');
  if (viewerId && viewerId === pass.memberId) throw new AppError('GUEST_PASS_REFUSED', 'guestPassOwn');
  if (pass.friendId) throw new AppError('GUEST_PASS_REFUSED', 'guestPassUsed');
  if (viewerId) throw new AppError('GUEST_PASS_REFUSED', 'guestPassMember');
  return { memberName: pass.memberName ?? '' };
}

/** The new member claims the pass they signed up through, in the sign-up's transaction; false when it is
 * unknown or someone claimed it first (the sign-up stands without it). */
export async function claimGuestPass(tx: Database, code: string, friendId: string, at: Date): Promise<boolean> {
  const claimed = await tx
    .update(guestPasses)
    .set({ friendId, claimedAt: at })
    .where(and(eq(guestPasses.code, code), isNull(guestPasses.friendId), ne(guestPasses.memberId, friendId)))
    .returning({ id: guestPasses.id });
  return claimed.length > 0;
}

/** The pass a new member claimed and has not used yet (nor has an unpaid booking taking it). */
export async function openGuestPassOf(db: Database, friendId: string): Promise<{ id: string } | undefined> {
  const [pass] = await db
    .select({ id: guestPasses.id })
    .from(guestPasses)
    .where(and(eq(guestPasses.friendId, friendId), isNull(guestPasses.usedAt), isNull(guestPasses.orderId)));
  return pass;
}

/** The friend's order takes the pass (inside the order's transaction); refused if another order took it. */
export async function takeGuestPass(tx: Database, passId: string, orderId: string): Promise<void> {
  const taken = await tx
    .update(guestPasses)
    .set({ orderId })
    .where(and(eq(guestPasses.id, passId), isNull(guestPasses.orderId), isNull(guestPasses.usedAt)))
    .returning({ id: guestPasses.id });
  if (taken.length === 0) throw new AppError('GUEST_PASS_REFUSED', 'guestPassUsed');
}

/** The order was paid: the pass is used. */
export async function markGuestPassUsed(tx: Database, orderId: string, at: Date): Promise<void> {
  await tx.update(guestPasses).set({ usedAt: at }).where(and(eq(guestPasses.orderId, orderId), isNull(guestPasses.usedAt)));
}

/** The order did not go through, or was cancelled before its visit: the friend has their pass again. */
export async function giveBackGuestPass(tx: Database, orderId: string): Promise<void> {
  await tx.update(guestPasses).set({ orderId: null, usedAt: null }).where(eq(guestPasses.orderId, orderId));
}

/** The pass an order used, if any (for the referral at its admission). */
export async function usedGuestPassOf(tx: Database, orderId: string): Promise<{ memberId: string } | undefined> {
  const [pass] = await tx.select({ memberId: guestPasses.memberId }).from(guestPasses).where(and(eq(guestPasses.orderId, orderId), isNotNull(guestPasses.usedAt)));
  return pass;
}
