// The one claim/lease/retry implementation of all background work. A pass claims due jobs with
// FOR UPDATE SKIP LOCKED and a lease (so several runners on one database never run one job at once, and a
// crashed runner's job is claimed again when its lease runs out), runs them (one by one, or lane by lane
// side by side for kinds that have lanes), and records the outcome: done, pending again after an
// exponential back-off, or failed after its last attempt.
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { enqueue } from './enqueue';
import { JOB_KINDS, retryDelayMs, type JobKind, type JobKindPolicy, type JobPayload } from './job-kinds';
import { recurringKey, nextPeriodStart } from './recurring';
import { serverNow } from '@/server/clock';

/** A runner's hold on a job: longer than any handler's work (partners are called with a 5 s timeout); renewed
 * before each later job of a lane, as a lane's jobs run one after another. */
export const JOB_LEASE_MS = 30_000;

export type JobContext = { id: string; attempt: number; maxAttempts: number; now: Date };
export type JobHandler<K extends JobKind> = (payload: JobPayload<K>, job: JobContext) => Promise<void>;
/** The kinds a runner serves; it claims no other. */
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

/** Thrown by a handler when trying again cannot help (a deleted webhook, a refused request): failed now. */
export class JobGaveUp extends Error {}

export type RunOptions = {
  workerId: string;
  now?: Date;
  batch?: number;
  /** Only the job with this dedupe key: a use case's own work right after its commit (an e-mail now). */
  dedupeKey?: string;
};
/** `givenBack`: claimed jobs of a lane whose earlier job failed, pending again without an attempt spent. */
export type JobsRun = { claimed: number; done: number; retried: number; failed: number; givenBack: number };

export async function runDueJobs(db: Database, handlers: JobHandlers, { workerId, now = serverNow(), batch = 20, dedupeKey }: RunOptions): Promise<JobsRun> {
  const kinds = Object.keys(handlers) as JobKind[];
  const run: JobsRun = { claimed: 0, done: 0, retried: 0, failed: 0, givenBack: 0 };
  if (kinds.length === 0) return run;
  const due = and(
    inArray(jobs.kind, kinds),
    dedupeKey === undefined ? undefined : eq(jobs.dedupeKey, dedupeKey),
    or(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now))),
  );
  const candidates = db.select({ id: jobs.id }).from(jobs).where(due).orderBy(asc(jobs.runAt), asc(jobs.createdAt)).limit(batch).for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedBy: workerId, lockedUntil: new Date(now.getTime() + JOB_LEASE_MS) })
    // ARRAY(...) runs the locking subquery once: as `IN (...)` the planner may re-run it for every row
    // (a nested loop, seen on a table whose statistics were stale: 330 ms for a batch of 20).
    .where(and(sql`${jobs.id} = any(array(${candidates}))`, due))
    .returning();
  // The claim's order is not the database's promise: run the oldest first.
  claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
  run.claimed = claimed.length;

  type Claimed = (typeof claimed)[number];
  /** Runs one job and records its outcome; answers false when it failed (and is retried later). */
  const started = Date.now();
  const runOne = async (job: Claimed, renewLease: boolean): Promise<{ ok: boolean; runAt?: Date }> => {
    const kind = job.kind as JobKind;
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId));
    if (renewLease) {
      const lockedUntil = new Date(now.getTime() + (Date.now() - started) + JOB_LEASE_MS);
      const held = await db.update(jobs).set({ lockedUntil }).where(and(mine, eq(jobs.status, 'running'))).returning({ id: jobs.id });
      // The lease ran out while the lane's earlier jobs ran, and another runner took this one.
      if (held.length === 0) return { ok: true };
    }
    let problem: Error | undefined;
    try {
      const { everyMs } = JOB_KINDS[kind] as { everyMs?: number };
      // The next period is enqueued before this one runs, so a failing run never ends the series.
      if (everyMs) {
        const next = nextPeriodStart(everyMs, now);
        // Not due yet: the poll finds it in its time.
        await enqueue(db, kind, {} as never, { runAt: next, dedupeKey: recurringKey(kind, next), wake: false });
      }
      const payload = JOB_KINDS[kind].payload.safeParse(job.payload);
      if (!payload.success) throw new JobGaveUp(`the payload is malformed: ${payload.error.message}`);
      const handler = handlers[kind] as JobHandler<JobKind>;
      await handler(payload.data as never, { id: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, now });
    } catch (error) {
      problem = error instanceof Error ? error : new Error(String(error));
    }
    if (!problem) {
      await db.update(jobs).set({ status: 'done', finishedAt: now, lockedBy: null, lockedUntil: null, lastError: null }).where(mine);
      run.done++;
      return { ok: true };
    }
    const gaveUp = problem instanceof JobGaveUp || job.attempts >= job.maxAttempts;
    const lastError = problem.message.slice(0, 500);
    if (gaveUp) {
      console.error(`[jobs] ${kind} ${job.id} failed after ${job.attempts} attempt(s): ${lastError}`);
      await db.update(jobs).set({ status: 'failed', finishedAt: now, lockedBy: null, lockedUntil: null, lastError }).where(mine);
      run.failed++;
      return { ok: true };
    }
    const runAt = new Date(now.getTime() + retryDelayMs(kind, job.attempts));
    await db.update(jobs).set({ status: 'pending', runAt, lockedBy: null, lockedUntil: null, lastError }).where(mine);
    run.retried++;
    return { ok: false, runAt };
  };

  /** Claimed but not run: pending again, the attempt not counted, due with the lane's retry. */
  const giveBack = async (job: Claimed, runAt: Date): Promise<void> => {
    await db
      .update(jobs)
      .set({ status: 'pending', attempts: sql`${jobs.attempts} - 1`, runAt, lockedBy: null, lockedUntil: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
    run.givenBack++;
  };

  const lanes = new Map<string, Claimed[]>();
  for (const job of claimed) {
    const { lane } = JOB_KINDS[job.kind as JobKind] as JobKindPolicy;
    const key = lane ? lane(job.payload as Record<string, unknown>) : '';
    lanes.set(key, [...(lanes.get(key) ?? []), job]);
  }
  await Promise.all(
    [...lanes].map(async ([key, laneJobs]) => {
      for (const [index, job] of laneJobs.entries()) {
        const outcome = await runOne(job, index > 0);
        if (outcome.ok || key === '') continue;
        for (const rest of laneJobs.slice(index + 1)) await giveBack(rest, outcome.runAt!);
        return;
      }
    }),
  );
  return run;
}
