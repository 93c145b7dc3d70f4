// The member card (decision 0043): what /profile/card, the wallet membership cards and the counter's check
// show of a member: their name, tier, points balance and next booking, and the signed member code.
import { and, asc, eq, gte } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Locale } from '@/config/locales';
import { currentProgram } from '@/config/program';
import type { Database } from '@/server/db/client';
import { memberTiers, orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { serverT } from '@/server/i18n';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { todayIn } from '@/universal/local-date';
import { personName } from '@/universal/person-name';
import { getMemberProfile } from '../accounts/member-profile';
import { signMemberCode, verifyMemberCode } from './member-codes';
import { pointsOf } from './points-balance';

/** `nextBooking.when`: the slot as the member's language writes it ("Wednesday 5/12/2027, 9:30 AM"). */
export type MemberCard = {
  memberId: string;
  name: string;
  tier: { id: string; name: string };
  points: number;
  nextBooking: { reference: string; product: string; when: string } | null;
  code: string;
};

async function tierOf(db: Database, userId: string, locale: Locale): Promise<MemberCard['tier']> {
  const program = currentProgram();
  const [stored] = await db.select({ tierId: memberTiers.tierId }).from(memberTiers).where(eq(memberTiers.userId, userId));
  const tier = program.tiers.find((candidate) => candidate.id === stored?.tierId) ?? program.tiers[0]!;
  return { id: tier.id, name: serverT(locale, 'profile')(`program.tiers.${tier.id}`) };
}

/** The member's confirmed booking of the soonest slot from today on (New York), if any. */
async function nextBookingOf(db: Database, userId: string, locale: Locale, now: Date): Promise<MemberCard['nextBooking']> {
  const [next] = await db
    .select({ reference: orders.supplierReference, product: orders.productTitle, availabilityId: orders.availabilityId })
    .from(orders)
    // Availability ids start with their local date: "2027-05-12T09:30:00-04:00" sorts after "2027-05-12".
    .where(and(eq(orders.userId, userId), eq(orders.status, 'CONFIRMED'), gte(orders.availabilityId, todayIn(TIME_ZONE, now))))
    .orderBy(asc(orders.availabilityId))
    .limit(1);
  return next ? { reference: next.reference, product: next.product, when: `${formatDate(next.availabilityId, locale)}, ${formatTime(next.availabilityId, locale)}` } : null;
}

export async function memberCard(db: Database, userId: string, locale: Locale, now: Date): Promise<MemberCard | undefined> {
  const profile = await getMemberProfile(db, userId);
  if (!profile) return undefined;
  const [tier, points, nextBooking] = await Promise.all([tierOf(db, userId, locale), pointsOf(db, userId, now), nextBookingOf(db, userId, locale, now)]);
  return { memberId: userId, name: personName(profile.firstName, profile.lastName, locale), tier, points: points.balance, nextBooking, code: signMemberCode(userId) };
}

export type CheckedMemberCard = { memberId: string; name: string; tier: { id: string; name: string } };

/** A scanned member code checked at the counter (GET /api/staff/members/card): the member it names, or a
 * refusal, a forged code told apart from one that is no member code at all. */
export async function checkMemberCard(db: Database, code: string, locale: Locale): Promise<CheckedMemberCard> {
  const check = verifyMemberCode(code);
  if (!check.valid) throw new AppError('INVALID_FIELDS', check.reason === 'forged' ? 'memberCodeForged' : 'memberCodeMalformed');
  const profile = await getMemberProfile(db, check.memberId);
  // A signed code of a member who has since deleted their account.
  if (!profile) throw new AppError('NOT_FOUND', 'memberCodeUnknown');
  return { memberId: check.memberId, name: personName(profile.firstName, profile.lastName, locale), tier: await tierOf(db, check.memberId, locale) };
}
