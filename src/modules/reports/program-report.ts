// The ambassador program's report of a period (decision 0044), each figure aggregated in the database:
// - members by tier: every member's tier now (a member without a stored tier has the first);
// - repeat visits: members with 2 or more visits (decision 0036: admitted, one a date) in the period,
//   over members with 1 or more; the rate is null without any visit;
// - points: outstanding now (confirmed, unspent, not expired), and in the period those earned (lines
//   written, not void: tickets and managers' credits), spent (managers' debits and rewards, not given back) and expired;
// - the lines other parts of the program add (program-report-lines.ts).
import { and, eq, gt, gte, lt, lte, ne, sql, sum } from 'drizzle-orm';
import { currentProgram } from '@/config/program';
import type { Database } from '@/server/db/client';
import { memberPoints, memberships, memberTiers, memberVisits } from '@/server/db/schema';
import { PROGRAM_REPORT_LINES, type ProgramReportLineKey } from './program-report-lines';
import type { ReportRange } from './report-range';

export type ProgramReport = {
  byTier: { tierId: string; members: number }[];
  members: number;
  repeatVisits: { visitors: number; repeat: number; rate: number | null };
  points: { outstanding: number; earned: number; spent: number; expired: number };
  lines: { key: ProgramReportLineKey; value: number }[];
};

type Period = { range: ReportRange; start: Date; end: Date; today: string };

const total = (value: string | null | undefined) => Number(value ?? 0);

async function membersByTier(db: Database): Promise<ProgramReport['byTier']> {
  const first = currentProgram().tiers[0]!.id;
  const rows = await db
    .select({ tierId: sql<string>`coalesce(${memberTiers.tierId}, ${first})`, members: sql<number>`count(*)`.mapWith(Number) })
    .from(memberships)
    .leftJoin(memberTiers, eq(memberTiers.userId, memberships.userId))
    .groupBy(sql`1`);
  const counted = new Map(rows.map((r) => [r.tierId, r.members]));
  // The program's tiers in order, then any tier a member still holds that the program no longer has.
  const ids = [...currentProgram().tiers.map((t) => t.id), ...rows.map((r) => r.tierId).filter((id) => !currentProgram().tiers.some((t) => t.id === id))];
  return ids.map((tierId) => ({ tierId, members: counted.get(tierId) ?? 0 }));
}

async function repeatVisits(db: Database, range: ReportRange): Promise<ProgramReport['repeatVisits']> {
  const perMember = db
    .select({ userId: memberVisits.userId, visits: sql<number>`count(*)`.as('visits') })
    .from(memberVisits)
    .where(and(gte(memberVisits.visitDate, range.from), lte(memberVisits.visitDate, range.to)))
    .groupBy(memberVisits.userId)
    .as('per_member');
  const [row] = await db
    .select({ visitors: sql<number>`count(*)`.mapWith(Number), repeat: sql<number>`count(*) filter (where ${perMember.visits} >= 2)`.mapWith(Number) })
    .from(perMember);
  const visitors = row?.visitors ?? 0;
  const repeat = row?.repeat ?? 0;
  return { visitors, repeat, rate: visitors > 0 ? repeat / visitors : null };
}

async function pointsFigures(db: Database, period: Period): Promise<ProgramReport['points']> {
  const left = sql`${memberPoints.points} - ${memberPoints.spent}`;
  const [[outstanding], [moved], [expired]] = await Promise.all([
    db
      .select({ value: sum(left) })
      .from(memberPoints)
      .where(and(eq(memberPoints.state, 'confirmed'), gt(memberPoints.points, 0), gt(memberPoints.expiresOn, period.today))),
    // Earned and spent in one pass over the period's lines (member_points_earned_idx covers both).
    db
      .select({
        earned: sql<string | null>`sum(${memberPoints.points}) filter (where ${memberPoints.points} > 0)`,
        spent: sql<string | null>`sum(-${memberPoints.points}) filter (where ${memberPoints.points} < 0)`,
      })
      .from(memberPoints)
      .where(and(ne(memberPoints.state, 'void'), gte(memberPoints.earnedAt, period.start), lt(memberPoints.earnedAt, period.end))),
    db
      .select({ value: sum(left) })
      .from(memberPoints)
      .where(and(eq(memberPoints.state, 'expired'), gte(memberPoints.closedAt, period.start), lt(memberPoints.closedAt, period.end))),
  ]);
  return { outstanding: total(outstanding?.value), earned: total(moved?.earned), spent: total(moved?.spent), expired: total(expired?.value) };
}

export async function programReport(db: Database, period: Period): Promise<ProgramReport> {
  const [byTier, repeat, points, lines] = await Promise.all([
    membersByTier(db),
    repeatVisits(db, period.range),
    pointsFigures(db, period),
    Promise.all(PROGRAM_REPORT_LINES.map(async (line) => ({ key: line.key, value: await line.read(db, period.range) }))),
  ]);
  return { byTier, members: byTier.reduce((n, t) => n + t.members, 0), repeatVisits: repeat, points, lines };
}
