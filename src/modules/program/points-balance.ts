// A member's points as the profile and getMembership show them (decision 0037): the balance (confirmed,
// unspent, not expired by today's New York date), the pending points, and what expires next. A reward's
// spend (a negative line, decision 0042) is already counted in the `spent` of the lines it drew from.
import { and, eq, gt, inArray } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { memberPoints } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import { summarizePoints, type PointsSummary } from './points-rule';

export async function pointsOf(db: Database, userId: string, now: Date): Promise<PointsSummary> {
  const lines = await db
    .select({ state: memberPoints.state, points: memberPoints.points, spent: memberPoints.spent, expiresOn: memberPoints.expiresOn })
    .from(memberPoints)
    .where(and(eq(memberPoints.userId, userId), inArray(memberPoints.state, ['pending', 'confirmed']), gt(memberPoints.points, 0)));
  return summarizePoints(lines, todayIn(TIME_ZONE, now));
}
