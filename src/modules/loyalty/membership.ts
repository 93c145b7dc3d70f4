// A member's membership as the site shows it: the tokens they hold, newest first, and their tier of the
// ambassador program (decision 0036) with the visits that earned it and what the next tier still asks, and
// their points (decision 0037): the balance, the pending points and what expires next.
import { serverNow } from '@/server/clock';
import { and, desc, eq } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { DROPS } from '@/config/drops';
import type { Locale } from '@/config/locales';
import { currentProgram } from '@/config/program';
import type { TierPerks } from '@/config/program-schema';
import type { Database } from '@/server/db/client';
import { memberTiers, tokenIssues } from '@/server/db/schema';
import { serverT } from '@/server/i18n';
import { formatDate, formatShortDate } from '@/universal/format/date-time';
import { todayIn } from '@/universal/local-date';
import { memberMoments, type MemberMoments } from '../program/member-moments';
import { pointsOf } from '../program/points-balance';
import { nextTierFor } from '../program/tier-rule';

/** `earnedOn`: the New York day it was earned, as the visitor's language writes it ("Monday 11/23/2026"),
 * written here so that the profile shows it without starting Intl in the browser (docs/decisions/0022). */
export type MemberToken = { id: string; dropId: string; name: string; description: string; artwork: string; earnedAt: string; earnedOn: string };
export type MemberTier = { id: string; name: string };
/** `balance`: confirmed, unspent, unexpired; `pending`: earned by tickets not admitted yet; `nextExpiry`:
 * the soonest points of the balance to expire, `on` the New York date they no longer count ("yyyy-MM-dd")
 * and `onText` that date as the visitor's language writes it in full. */
export type MemberPoints = { balance: number; pending: number; nextExpiry: { points: number; on: string; onText: string } | null };
/** `visits`: visits in the program's window; `nextTier` null at the top; `perks`: what the tier gives on
 * the website now (decision 0038), so that the ticket page shows the member price the checkout charges. */
export type Membership = {
  mintedTokenIds: string[];
  tokens: MemberToken[];
  tier: MemberTier;
  visits: number;
  nextTier: (MemberTier & { visitsToGo: number }) | null;
  perks: TierPerks;
  points: MemberPoints;
  /** The Sky Moments challenges' progress, and completions not yet toasted (decision 0043). */
  moments: MemberMoments;
};

export async function getMembership(db: Database, userId: string, locale: Locale, now = serverNow()): Promise<Membership> {
  const t = serverT(locale, 'drops');
  const [rows, [stored], points, moments] = await Promise.all([
    db
      .select({ tokenId: tokenIssues.tokenId, dropId: tokenIssues.dropId, issuedAt: tokenIssues.issuedAt })
      .from(tokenIssues)
      .where(and(eq(tokenIssues.userId, userId), eq(tokenIssues.status, 'issued')))
      .orderBy(desc(tokenIssues.issuedAt)),
    db.select({ tierId: memberTiers.tierId, visits: memberTiers.visits }).from(memberTiers).where(eq(memberTiers.userId, userId)),
    pointsOf(db, userId, now),
    memberMoments(db, userId, now),
  ]);
  const tokens = rows.map((row) => ({
    id: row.tokenId!,
    dropId: row.dropId,
    name: t(`${row.dropId}.name`),
    description: t(`${row.dropId}.description`),
    artwork: DROPS.find((d) => d.id === row.dropId)?.artwork ?? '',
    earnedAt: row.issuedAt!.toISOString(),
    earnedOn: formatDate(todayIn(TIME_ZONE, row.issuedAt!), locale),
  }));
  const nextExpiry = points.nextExpiry && { ...points.nextExpiry, onText: formatShortDate(points.nextExpiry.on, locale) };
  return { mintedTokenIds: tokens.map((token) => token.id), tokens, ...memberTier(stored, locale), points: { ...points, nextExpiry }, moments };
}

/** The stored tier as the member reads it; a member without one yet (joined before the program) has the
 * first tier. A tier the program no longer has reads as the first too, until the member is recomputed. */
function memberTier(stored: { tierId: string; visits: number } | undefined, locale: Locale): Pick<Membership, 'tier' | 'visits' | 'nextTier' | 'perks'> {
  const program = currentProgram();
  const tp = serverT(locale, 'profile');
  const name = (id: string) => tp(`program.tiers.${id}`);
  const tier = program.tiers.find((candidate) => candidate.id === stored?.tierId) ?? program.tiers[0]!;
  const visits = stored?.visits ?? 0;
  // Counted from the stored tier's threshold at least, so that the next tier is always above the one shown.
  const next = nextTierFor(program, Math.max(visits, tier.visits));
  return {
    tier: { id: tier.id, name: name(tier.id) },
    visits,
    nextTier: next ? { id: next.tier.id, name: name(next.tier.id), visitsToGo: next.visitsToGo } : null,
    perks: tier.perks,
  };
}
