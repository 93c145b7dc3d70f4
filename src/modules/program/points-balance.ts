// A member's points as the profile and getMembership show them (decision 0037): the balance (confirmed,
// unspent, not expired by today's New York date), the pending points, and what expires next.
import { and, eq, inArray } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { memberPoints } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import { summarizePoints, type PointsSummary } from './points-rule';

export async function pointsOf(db: Database, userId: string, now: Date): Promise<PointsSummary> {
  const lines = await db
    .select({ state: memberPoints.state, points: memberPoints.points, spent: memberPoints.spent, expiresOn: memberPoints.expiresOn })
    .from(memberPoints)
    .where(and(eq(memberPoints.userId, userId), inArray(memberPoints.state, ['pending', 'confirmed'])));
  return summarizePoints(lines, todayIn(TIME_ZONE, now));
}
