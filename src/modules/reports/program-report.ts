// The ambassador program's report of a period (decision 0044), each figure aggregated in the database:
// - members by tier: every member's tier now (a member without a stored tier has the first);
// - repeat visits: members with 2 or more visits (decision 0036: admitted, one a date) in the period,
//   over members with 1 or more; the rate is null without any visit (counted by each visit's previous and next
//   visit dates, decision 0064);
// - points: outstanding now (confirmed, unspent, not expired), and in the period those earned (lines
//   written, not void: tickets and managers' credits), spent (managers' debits and rewards, not given back) and expired
//   (ended days summed ahead: points-days.ts, decision 0064);
// - the lines other parts of the program add (program-report-lines.ts).
import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentProgram } from '@/config/program';
import type { Database } from '@/server/db/client';
import { memberships, memberTiers, memberVisits } from '@/server/db/schema';
import { serverNow } from '@/server/clock';
import { localDatesBetween } from '@/universal/local-date';
import { pointsMoved, pointsOutstanding } from './points-days';
import { PROGRAM_REPORT_LINES, type ProgramReportLineKey } from './program-report-lines';
import type { ReportRange } from './report-range';

export type ProgramReport = {
  byTier: { tierId: string; members: number }[];
  members: number;
  repeatVisits: { visitors: number; repeat: number; rate: number | null };
  points: { outstanding: number; earned: number; spent: number; expired: number };
  lines: { key: ProgramReportLineKey; value: number }[];
};

/** `timeZone` and `now`: the attraction's and the server's clock unless given. */
type Period = { range: ReportRange; start: Date; end: Date; today: string; timeZone?: string; now?: Date };

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

/** Visitors of the period: each member once, by their first visit in it (the one whose previous visit is
 * before it); repeat visitors: those whose next visit after that one is within the period too. */
async function repeatVisits(db: Database, range: ReportRange): Promise<ProgramReport['repeatVisits']> {
  const [row] = await db
    .select({
      visitors: sql<number>`count(*)`.mapWith(Number),
      repeat: sql<number>`count(*) filter (where ${lte(memberVisits.nextVisitDate, range.to)})`.mapWith(Number),
    })
    .from(memberVisits)
    .where(and(gte(memberVisits.visitDate, range.from), lte(memberVisits.visitDate, range.to), lt(memberVisits.previousVisitDate, range.from)));
  const visitors = row?.visitors ?? 0;
  const repeat = row?.repeat ?? 0;
  return { visitors, repeat, rate: visitors > 0 ? repeat / visitors : null };
}

async function pointsFigures(db: Database, period: Period, summed: boolean): Promise<ProgramReport['points']> {
  const timeZone = period.timeZone ?? TIME_ZONE;
  const now = period.now ?? serverNow();
  const days = localDatesBetween(period.range.from, period.range.to);
  const [outstanding, moved] = await Promise.all([
    pointsOutstanding(db, period.today, timeZone, now, summed),
    pointsMoved(db, { start: period.start, end: period.end, days, timeZone }, now, summed),
  ]);
  return { outstanding, ...moved };
}

/** `summed: false` reads the points lines alone (what the sums must equal: tests/integration/summed-days.test.ts). */
export async function programReport(db: Database, period: Period, options: { summed?: boolean } = {}): Promise<ProgramReport> {
  const [byTier, repeat, points, lines] = await Promise.all([
    membersByTier(db),
    repeatVisits(db, period.range),
    pointsFigures(db, period, options.summed !== false),
    Promise.all(PROGRAM_REPORT_LINES.map(async (line) => ({ key: line.key, value: await line.read(db, period.range) }))),
  ]);
  return { byTier, members: byTier.reduce((n, t) => n + t.members, 0), repeatVisits: repeat, points, lines };
}
