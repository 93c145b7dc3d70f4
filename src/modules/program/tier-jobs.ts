// The tier's background work on the one job runner: a member's `program.recompute` (enqueued with each
// change of their visits, coalesced per member) and the recurring `program.tiers` (members whose oldest
// counted visit has aged out).
import { asc, eq, isNull, lte } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { memberTiers, memberVisits } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import { enqueue } from '../jobs/enqueue';
import type { JobHandlers } from '../jobs/run-due-jobs';
import { recomputeTier } from './recompute-tier';
import { log } from '@/server/log';

/** Inside the caller's transaction: one pending recompute per member, however many changes queue it. */
export async function enqueueTierRecompute(tx: Database, userId: string): Promise<void> {
  await enqueue(tx, 'program.recompute', { userId }, { coalesceKey: `program.recompute:${userId}` });
}

const BATCH = 200;

/** Recomputes every member whose oldest counted visit ages out on or before today, and every member with
 * visits but no tier yet (visits of admissions made before the program, counted by its migration); answers
 * how many. */
export async function recomputeAgedOutTiers(db: Database, now: Date): Promise<number> {
  const today = todayIn(TIME_ZONE, now);
  let done = 0;
  for (;;) {
    const due = await db.select({ userId: memberTiers.userId }).from(memberTiers).where(lte(memberTiers.recomputeOn, today)).orderBy(asc(memberTiers.recomputeOn)).limit(BATCH);
    // Each recompute moves its member's date past today (or clears it), so the loop ends.
    for (const { userId } of due) await recomputeTier(db, userId, now, 'expiry');
    done += due.length;
    if (due.length < BATCH) break;
  }
  for (;;) {
    const untiered = await db
      .selectDistinct({ userId: memberVisits.userId })
      .from(memberVisits)
      .leftJoin(memberTiers, eq(memberTiers.userId, memberVisits.userId))
      .where(isNull(memberTiers.userId))
      .limit(BATCH);
    // Each recompute gives its member a tier row, so the loop ends.
    for (const { userId } of untiered) await recomputeTier(db, userId, now, 'visits');
    done += untiered.length;
    if (untiered.length < BATCH) return done;
  }
}

/** The runner's handlers of the program's kinds (src/wiring/jobs.ts; tests run them with a clock of their own). */
export function programJobHandlers(db: Database): Pick<JobHandlers, 'program.recompute' | 'program.tiers'> {
  return {
    'program.recompute': async (member, job) => {
      await recomputeTier(db, member.userId, job.now, 'visits');
    },
    'program.tiers': async (_, job) => {
      const recomputed = await recomputeAgedOutTiers(db, job.now);
      if (recomputed > 0) log.info(`[program] ${recomputed} member(s) recomputed as visits aged out`);
    },
  };
}
