// The points' background work on the one job runner: the recurring `program.points-expiry`, which marks
// confirmed points expired once their expiry date has come (New York). Conditional on the state, so a
// second run, or two runners at once, expire each line once.
import { and, eq, lte } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { memberPoints } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import type { JobHandlers } from '../jobs/run-due-jobs';
import { recordMemberCardUpdate } from '../wallet/member-card-updates';
import { pointsStates } from './points-states';
import { log } from '@/server/log';

/** Expires the confirmed points whose date has come; answers how many lines. */
export async function expirePoints(db: Database, now: Date): Promise<number> {
  const today = todayIn(TIME_ZONE, now);
  const expired = await db
    .update(memberPoints)
    .set({ state: pointsStates.transition('confirmed', 'expired'), closedAt: now, closeReason: 'expired' })
    .where(and(eq(memberPoints.state, 'confirmed'), lte(memberPoints.expiresOn, today)))
    .returning({ userId: memberPoints.userId });
  // The balance on the members' wallet cards (decision 0043).
  for (const userId of new Set(expired.map((line) => line.userId))) await recordMemberCardUpdate(db, userId, now);
  return expired.length;
}

/** The runner's handler of the points' kinds (src/wiring/jobs.ts; tests run it with a clock of their own). */
export function pointsJobHandlers(db: Database): Pick<JobHandlers, 'program.points-expiry'> {
  return {
    'program.points-expiry': async (_, job) => {
      const expired = await expirePoints(db, job.now);
      if (expired > 0) log.info(`[program] ${expired} points line(s) expired`);
    },
  };
}
