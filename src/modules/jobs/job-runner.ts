// The runner of a server process: a pass at once, whenever this process enqueues a job (the signal), and
// every POLL_MS for jobs other processes enqueued, retries that fall due and recurring periods. A pass only
// claims: each claimed lane runs on its own, and the lanes still running are left out of the next claims,
// so a slow lane (a dead partner's webhook) holds up neither a later pass nor another lane's jobs; a lane
// that finishes starts a pass at once. One claim at a time in this process; claims follow each other while
// they find a full batch.
import crypto from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { isDatabaseUnavailable } from '@/server/db/unavailable';
import { enqueue } from './enqueue';
import { JOB_KINDS, type JobKind, type JobKindPolicy } from './job-kinds';
import { onJobEnqueued } from './job-signal';
import { currentPeriodStart, recurringKey } from './recurring';
import { claimDueJobs, type ClaimedLane, type JobHandlers } from './run-due-jobs';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

export const POLL_MS = 1_000;
/** The signal comes from inside the enqueuing transaction, before its commit: on PostgreSQL the pass it
 * starts may not see the job yet, so a wake-up also looks again this much later, well before the poll. */
const SECOND_LOOK_MS = 100;
const BATCH = 20;
/** Lanes running at once in a process, beyond which it claims nothing new (a claim may add up to BATCH). */
const MAX_LANES = 20;

export type JobRunnerOptions = {
  handlers: JobHandlers;
  /** On a database no other process uses, the jobs found running at start belong to a dead process. */
  leasesAreStale: boolean;
  pollMs?: number;
};

export type JobRunner = { workerId: string; stop: () => Promise<void> };

/** At start: the jobs a dead process held are due again (and, on a database of its own, those of the kinds
 * due at start), and each recurring kind has its current period. */
async function prepare(db: Database, { handlers, leasesAreStale }: JobRunnerOptions): Promise<void> {
  const now = serverNow();
  if (leasesAreStale) {
    await db.update(jobs).set({ status: 'pending', lockedBy: null, lockedUntil: null }).where(eq(jobs.status, 'running'));
    const dueAtStart = (Object.keys(handlers) as JobKind[]).filter((kind) => (JOB_KINDS[kind] as JobKindPolicy).dueAtStart);
    if (dueAtStart.length > 0) await db.update(jobs).set({ runAt: now }).where(and(eq(jobs.status, 'pending'), inArray(jobs.kind, dueAtStart), gt(jobs.runAt, now)));
  }
  for (const kind of Object.keys(handlers) as JobKind[]) {
    const { everyMs } = JOB_KINDS[kind] as { everyMs?: number };
    if (everyMs) await enqueue(db, kind, {} as never, { runAt: now, dedupeKey: recurringKey(kind, currentPeriodStart(everyMs, now)) });
  }
}

export function startJobRunner(db: Database, options: JobRunnerOptions): JobRunner {
  const workerId = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const timers = new Set<NodeJS.Timeout>();
  /** The lanes running in this process, and their runs (awaited at stop). */
  const busy = new Set<string>();
  const lanesRunning = new Set<Promise<void>>();

  const failed = (error: unknown): void => {
    if (isDatabaseUnavailable(error)) log.error('[jobs] the database is out of reach; the next pass tries again');
    else log.error('[jobs] a pass failed; the next one tries again', { error });
  };
  const start = ({ lane, run }: ClaimedLane): void => {
    busy.add(lane);
    const laneRun = run()
      .catch(failed)
      .finally(() => {
        busy.delete(lane);
        lanesRunning.delete(laneRun);
        // The lane is free: its next jobs, and any others, are claimed now rather than at the poll.
        kick();
      });
    lanesRunning.add(laneRun);
  };
  const pass = async (): Promise<void> => {
    do {
      again = false;
      // Enough lanes at work (partners' receivers among them): the next lane to end claims again.
      if (busy.size >= MAX_LANES) return;
      try {
        const { run, lanes } = await claimDueJobs(db, options.handlers, { workerId, batch: BATCH, busyLanes: busy });
        for (const lane of lanes) start(lane);
        if (run.claimed === BATCH) again = true;
      } catch (error) {
        failed(error);
      }
    } while (again && !stopped);
  };
  const kick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => (running = undefined));
  };
  const later = (ms: number): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      kick();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const prepared = prepare(db, options).catch((error: unknown) => log.error('[jobs] preparing the runner failed; the poll carries on', { error }));
  const poll = setInterval(kick, options.pollMs ?? POLL_MS);
  poll.unref();
  const unsubscribe = onJobEnqueued(() => {
    kick();
    later(SECOND_LOOK_MS);
  });
  void prepared.then(kick);

  return {
    workerId,
    async stop() {
      stopped = true;
      clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      unsubscribe();
      await prepared;
      await running;
      await Promise.all([...lanesRunning]);
    },
  };
}

