// The program's report lines of decision 0042, for the staff reports to show: rewards redeemed (paid
// orders' spends, counted on the New York date the order was paid) and guest passes used (by the date the
// friend's booking was paid), over a range of local dates, both included. A spend or a pass given back
// (the booking cancelled before its visit) no longer counts.
import { and, count, eq, gte, isNotNull, like, lt, sql, sum } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { guestPasses, memberPoints, orders } from '@/server/db/schema';
import { rangeInstants, type ReportRange } from '../reports/report-range';

export type RewardsRedeemed = { byReward: { rewardId: string; redeemed: number; points: number; cents: number }[]; total: number };
export type GuestPassesUsed = { used: number; referralPoints: number };

export async function rewardsRedeemed(db: Database, range: ReportRange): Promise<RewardsRedeemed> {
  const { start, end } = rangeInstants(range, TIME_ZONE);
  const rows = await db
    .select({ reason: memberPoints.reason, redeemed: count(), points: sum(memberPoints.points), cents: sum(orders.rewardCents) })
    .from(memberPoints)
    .innerJoin(orders, eq(orders.id, memberPoints.orderId))
    .where(and(like(memberPoints.reason, 'reward:%'), eq(memberPoints.state, 'confirmed'), gte(memberPoints.confirmedAt, start), lt(memberPoints.confirmedAt, end)))
    .groupBy(memberPoints.reason)
    .orderBy(memberPoints.reason);
  const byReward = rows.map((r) => ({ rewardId: r.reason.slice('reward:'.length), redeemed: Number(r.redeemed), points: -Number(r.points ?? 0), cents: Number(r.cents ?? 0) }));
  return { byReward, total: byReward.reduce((total, r) => total + r.redeemed, 0) };
}

export async function guestPassesUsed(db: Database, range: ReportRange): Promise<GuestPassesUsed> {
  const { start, end } = rangeInstants(range, TIME_ZONE);
  const [used] = await db
    .select({ used: count() })
    .from(guestPasses)
    .where(and(isNotNull(guestPasses.usedAt), gte(guestPasses.usedAt, start), lt(guestPasses.usedAt, end)));
  const [earned] = await db
    .select({ points: sql<number>`coalesce(sum(${memberPoints.points}), 0)::int` })
    .from(memberPoints)
    .where(and(eq(memberPoints.reason, 'referral'), gte(memberPoints.earnedAt, start), lt(memberPoints.earnedAt, end)));
  return { used: Number(used?.used ?? 0), referralPoints: Number(earned?.points ?? 0) };
}
