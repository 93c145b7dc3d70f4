// Staff look a member up (decision 0044): by e-mail or name, then the member's tier, visits, points
// history (every ledger line, adjustments with their reason and author) and bookings.
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { memberPoints, memberships, memberTiers, memberVisits, orders, users } from '@/server/db/schema';
import { currentProgram } from '@/config/program';
import { pointsOf } from './points-balance';
import type { PointsSummary } from './points-rule';

export type MemberMatch = { userId: string; email: string; name: string; tierId: string };

export type MemberRecord = MemberMatch & {
  joinedAt: string;
  visitsInWindow: number;
  visits: { date: string; bookingReference: string }[];
  points: PointsSummary;
  lines: {
    id: string;
    reason: string;
    points: number;
    spent: number;
    state: string;
    earnedAt: string;
    expiresOn: string | null;
    bookingReference: string | null;
    unitId: string | null;
    note: string | null;
    adjustedBy: string | null;
    closeReason: string | null;
  }[];
  bookings: { reference: string; productId: string; availabilityId: string; status: string; total: number; currency: string; tickets: number }[];
};

const SHOWN = 25;

/** Members whose e-mail or name contains the words typed (each word somewhere), best known first. */
export async function searchMembers(db: Database, query: string): Promise<MemberMatch[]> {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 4);
  if (words.length === 0) return [];
  const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ userId: users.id, email: users.email, first: memberships.firstName, last: memberships.lastName, tierId: memberTiers.tierId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(memberTiers, eq(memberTiers.userId, memberships.userId))
    .where(and(...words.map((w) => or(ilike(users.email, like(w)), ilike(memberships.firstName, like(w)), ilike(memberships.lastName, like(w))))))
    .orderBy(users.email)
    .limit(SHOWN);
  const first = currentProgram().tiers[0]!.id;
  return rows.map((r) => ({ userId: r.userId, email: r.email, name: `${r.first} ${r.last}`, tierId: r.tierId ?? first }));
}

export async function memberRecord(db: Database, userId: string, now: Date): Promise<MemberRecord | undefined> {
  const [member] = await db
    .select({ userId: users.id, email: users.email, first: memberships.firstName, last: memberships.lastName, joinedAt: memberships.joinedAt, tierId: memberTiers.tierId, visits: memberTiers.visits })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(memberTiers, eq(memberTiers.userId, memberships.userId))
    .where(eq(memberships.userId, userId));
  if (!member) return undefined;
  const [visits, points, lines, booked] = await Promise.all([
    db.select({ date: memberVisits.visitDate, bookingReference: memberVisits.bookingReference }).from(memberVisits).where(eq(memberVisits.userId, userId)).orderBy(desc(memberVisits.visitDate)).limit(200),
    pointsOf(db, userId, now),
    db.select().from(memberPoints).where(eq(memberPoints.userId, userId)).orderBy(desc(memberPoints.earnedAt), desc(memberPoints.points)).limit(200),
    db
      .select({
        reference: orders.supplierReference,
        productId: orders.productId,
        availabilityId: orders.availabilityId,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        lines: orders.lines,
      })
      .from(orders)
      .where(and(eq(orders.userId, userId), sql`${orders.status} <> 'PENDING_PAYMENT'`))
      .orderBy(desc(orders.availabilityId))
      .limit(100),
  ]);
  return {
    userId: member.userId,
    email: member.email,
    name: `${member.first} ${member.last}`,
    tierId: member.tierId ?? currentProgram().tiers[0]!.id,
    joinedAt: member.joinedAt.toISOString(),
    visitsInWindow: member.visits ?? 0,
    visits,
    points,
    lines: lines.map((l) => ({
      id: l.id,
      reason: l.reason,
      points: l.points,
      spent: l.spent,
      state: l.state,
      earnedAt: l.earnedAt.toISOString(),
      expiresOn: l.expiresOn,
      bookingReference: l.bookingReference,
      unitId: l.unitId,
      note: l.note,
      adjustedBy: l.adjustedBy,
      closeReason: l.closeReason,
    })),
    bookings: booked.map(({ lines: orderLines, ...b }) => ({ ...b, tickets: orderLines.reduce((sum, l) => sum + l.quantity, 0) })),
  };
}
