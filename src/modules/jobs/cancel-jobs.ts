// Work that must not happen any more (the webhooks of a revoked reseller): its pending jobs are closed as
// failed, with the reason, so that no runner claims them and `npm run ops -- jobs` shows why. A job a
// runner holds right now finishes its attempt; it is never retried, as its subject is gone.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import type { JobKind } from './job-kinds';
import { serverNow } from '@/server/clock';

/** Closes the pending jobs of `kind` whose payload's `field` is one of `values`; answers how many. */
export async function cancelPendingJobs(tx: Database, kind: JobKind, field: string, values: string[], reason: string, now = serverNow()): Promise<number> {
  if (values.length === 0) return 0;
  const closed = await tx
    .update(jobs)
    .set({ status: 'failed', finishedAt: now, lastError: `cancelled: ${reason}` })
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'pending'), inArray(sql`${jobs.payload}->>${field}`, values)))
    .returning({ id: jobs.id });
  return closed.length;
}
