// What the operator sees of the background work (npm run ops -- jobs): counts by kind and status, the
// failed jobs, and a retry of one failed job (its attempts start again).
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { jobs, type JobStatus } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { signalJobEnqueued } from './job-signal';
import { serverNow } from '@/server/clock';

export type JobCount = { kind: string; status: JobStatus; count: number };
export type FailedJob = { id: string; kind: string; attempts: number; lastError: string | null; createdAt: string; finishedAt: string | null };
export type JobsOverview = { counts: JobCount[]; failed: FailedJob[] };

export async function jobsOverview(db: Database, limit = 100): Promise<JobsOverview> {
  const counts = await db
    .select({ kind: jobs.kind, status: jobs.status, count: count() })
    .from(jobs)
    .groupBy(jobs.kind, jobs.status)
    .orderBy(jobs.kind, jobs.status);
  const failed = await db.select().from(jobs).where(eq(jobs.status, 'failed')).orderBy(desc(jobs.finishedAt)).limit(limit);
  return {
    counts: counts.map((c) => ({ ...c, count: Number(c.count) })),
    failed: failed.map((j) => ({
      id: j.id,
      kind: j.kind,
      attempts: j.attempts,
      lastError: j.lastError,
      createdAt: j.createdAt.toISOString(),
      finishedAt: j.finishedAt?.toISOString() ?? null,
    })),
  };
}

/** A failed job runs again now, with all its attempts. Only a failed job: a pending or running one is on its way. */
export async function retryJob(db: Database, id: string, now = serverNow()): Promise<{ id: string; kind: string }> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'pending', attempts: 0, runAt: now, finishedAt: null, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning({ id: jobs.id, kind: jobs.kind });
  if (!row) throw new AppError('NOT_FOUND', 'notFound');
  signalJobEnqueued();
  return row;
}
