// The one claim/lease/retry implementation of all background work. A claim takes due jobs with
// FOR UPDATE SKIP LOCKED and a lease (so several runners on one database never run one job at once, and a
// crashed runner's job is claimed again when its lease runs out), leaving out the lanes the caller is still
// running; each claimed lane then runs its jobs one after another, lanes side by side, and records each
// outcome: done, pending again after an exponential back-off, or failed after its last attempt.
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { enqueue } from './enqueue';
import { JOB_KINDS, retryDelayMs, type JobKind, type JobPayload } from './job-kinds';
import { recurringKey, nextPeriodStart } from './recurring';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

/** A runner's hold on a job: longer than any handler's work (partners are called with a 5 s timeout); renewed
 * before each later job of a lane, as a lane's jobs run one after another, so each job's lease starts at
 * most a moment before its own run. */
export const JOB_LEASE_MS = 30_000;

export type JobContext = { id: string; attempt: number; maxAttempts: number; now: Date };
export type JobHandler<K extends JobKind> = (payload: JobPayload<K>, job: JobContext) => Promise<void>;
/** The kinds a runner serves; it claims no other. */
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

/** Thrown by a handler when trying again cannot help (a deleted webhook, a refused request): failed now. */
export class JobGaveUp extends Error {}

/** Thrown by a handler whose work is not done yet, through no fault (a payment still open at the gateway):
 * the job is pending again at `runAt`, with no attempt spent and no error recorded, so waiting is never
 * counted as a failure. */
export class JobNotYet extends Error {
  constructor(readonly runAt: Date) {
    super(`not yet; again at ${runAt.toISOString()}`);
  }
}

export type RunOptions = {
  workerId: string;
  now?: Date;
  batch?: number;
  /** Only the job with this dedupe key: a use case's own work right after its commit (an e-mail now). */
  dedupeKey?: string;
  /** Lanes the caller is still running (the runner's busy lanes): none of their jobs is claimed. */
  busyLanes?: ReadonlySet<string>;
};
/** The lane of the kinds without one (`jobs.lane` null): their jobs run one after another. */
export const SHARED_LANE = '';
/** A lane's claimed jobs; `run` runs them in turn and resolves once the lane is through (it rejects only
 * when an outcome could not be recorded: the leases then run out and the jobs are claimed again). */
export type ClaimedLane = { lane: string; run: () => Promise<void> };
/** `givenBack`: claimed jobs of a lane whose earlier job failed, pending again without an attempt spent;
 * `postponed`: jobs whose handler answered "not yet" (JobNotYet), pending again at the time it named. */
export type JobsRun = { claimed: number; done: number; retried: number; failed: number; givenBack: number; postponed: number };

/** Jobs outside the busy lanes. */
function outside(busyLanes: ReadonlySet<string> | undefined): SQL | undefined {
  if (!busyLanes || busyLanes.size === 0) return undefined;
  const named = [...busyLanes].filter((lane) => lane !== SHARED_LANE);
  return and(busyLanes.has(SHARED_LANE) ? isNotNull(jobs.lane) : undefined, named.length > 0 ? or(isNull(jobs.lane), notInArray(jobs.lane, named)) : undefined);
}

/** Claims the due jobs (outside `busyLanes`) and answers them by lane, not yet run; `run` counts their
 * outcomes as the lanes go. */
export async function claimDueJobs(
  db: Database,
  handlers: JobHandlers,
  { workerId, now = serverNow(), batch = 20, dedupeKey, busyLanes }: RunOptions,
): Promise<{ run: JobsRun; lanes: ClaimedLane[] }> {
  const kinds = Object.keys(handlers) as JobKind[];
  const run: JobsRun = { claimed: 0, done: 0, retried: 0, failed: 0, givenBack: 0, postponed: 0 };
  if (kinds.length === 0) return { run, lanes: [] };
  const due = and(
    inArray(jobs.kind, kinds),
    dedupeKey === undefined ? undefined : eq(jobs.dedupeKey, dedupeKey),
    outside(busyLanes),
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
    if (problem instanceof JobNotYet) {
      await db
        .update(jobs)
        .set({ status: 'pending', attempts: sql`${jobs.attempts} - 1`, runAt: problem.runAt, lockedBy: null, lockedUntil: null })
        .where(mine);
      run.postponed++;
      return { ok: true };
    }
    const gaveUp = problem instanceof JobGaveUp || job.attempts >= job.maxAttempts;
    const lastError = problem.message.slice(0, 500);
    if (gaveUp) {
      log.error(`[jobs] ${kind} ${job.id} failed after ${job.attempts} attempt(s): ${lastError}`);
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

  const byLane = new Map<string, Claimed[]>();
  for (const job of claimed) {
    const key = job.lane ?? SHARED_LANE;
    byLane.set(key, [...(byLane.get(key) ?? []), job]);
  }
  const lanes = [...byLane].map(([lane, laneJobs]) => ({
    lane,
    run: async () => {
      for (const [index, job] of laneJobs.entries()) {
        const outcome = await runOne(job, index > 0);
        if (outcome.ok || lane === SHARED_LANE) continue;
        for (const rest of laneJobs.slice(index + 1)) await giveBack(rest, outcome.runAt!);
        return;
      }
    },
  }));
  return { run, lanes };
}

/** Claims the due jobs and runs them, lanes side by side; resolves once every lane is through. */
export async function runDueJobs(db: Database, handlers: JobHandlers, options: RunOptions): Promise<JobsRun> {
  const { run, lanes } = await claimDueJobs(db, handlers, options);
  await Promise.all(lanes.map((lane) => lane.run()));
  return run;
}
