// The Sky Moments' background work on the one job runner (decision 0043): `program.challenges`, enqueued
// with each admission of a member's booking (in its transaction, coalesced per member), judges the
// member's challenges.
import type { Database } from '@/server/db/client';
import { enqueue } from '../jobs/enqueue';
import type { JobHandlers } from '../jobs/run-due-jobs';
import { completeChallenges } from './complete-challenges';
import { log } from '@/server/log';

/** Inside the caller's transaction: one pending evaluation per member, however many admissions queue it. */
export async function enqueueChallengeCheck(tx: Database, userId: string): Promise<void> {
  await enqueue(tx, 'program.challenges', { userId }, { coalesceKey: `program.challenges:${userId}` });
}

/** The runner's handler (src/wiring/jobs.ts; tests run it with a clock of their own). */
export function challengeJobHandlers(db: Database): Pick<JobHandlers, 'program.challenges'> {
  return {
    'program.challenges': async (member, job) => {
      const completed = await completeChallenges(db, member.userId, job.now);
      if (completed.length > 0) log.info('[program] a member completed challenges', { challenges: completed });
    },
  };
}
