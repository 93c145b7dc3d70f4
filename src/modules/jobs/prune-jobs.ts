// The `jobs.prune` job: finished jobs are kept a day (to look into), then forgotten; failed ones stay
// until the operator retries them or deletes them.
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { serverNow } from '@/server/clock';

export const KEEP_DONE_MS = 24 * 60 * 60_000;

export async function pruneJobs(db: Database, now = serverNow()): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, new Date(now.getTime() - KEEP_DONE_MS))))
    .returning({ id: jobs.id });
  return gone.length;
}
