// Work is enqueued inside the transaction that causes it: the job commits with the change, or not at all.
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { JOB_KINDS, type JobKind, type JobKindPolicy, type JobPayload } from './job-kinds';
import { signalJobEnqueued } from './job-signal';
import { serverNow } from '@/server/clock';

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** A job with this key already enqueued (pending, running or finished and not yet pruned): nothing changes. */
  dedupeKey?: string;
  /** A pending job with this key takes the new payload instead of a second job being added (and keeps its
   * place in the queue); a job already running or finished leaves the key free. */
  coalesceKey?: string;
  /** Wake this process's runner (default). A use case that runs the job itself right after its commit
   * (an e-mail sent now) does not, or the runner would only race it for the claim. */
  wake?: boolean;
};

/** Enqueues a job with the caller's transaction (or database) handle; answers its id, or undefined when
 * the dedupe key was taken. A payload of the wrong shape is refused before anything is written. */
export async function enqueue<K extends JobKind>(tx: Database, kind: K, payload: JobPayload<K>, options: EnqueueOptions = {}): Promise<string | undefined> {
  const checked = JOB_KINDS[kind].payload.safeParse(payload);
  // A programming error, not a visitor's: it fails the caller's transaction.
  if (!checked.success) throw new Error(`a ${kind} job's payload is malformed: ${checked.error.message}`);
  const { lane } = JOB_KINDS[kind] as JobKindPolicy;
  const insert = tx.insert(jobs).values({
    kind,
    payload: checked.data as object,
    lane: lane ? lane(checked.data as Record<string, unknown>) : null,
    maxAttempts: JOB_KINDS[kind].maxAttempts,
    // The runner compares with its own clock, not the database's.
    runAt: options.runAt ?? serverNow(),
    dedupeKey: options.dedupeKey,
    coalesceKey: options.coalesceKey,
  });
  const [row] = await (options.coalesceKey === undefined
    ? insert.onConflictDoNothing({ target: jobs.dedupeKey })
    : insert.onConflictDoUpdate({ target: jobs.coalesceKey, targetWhere: sql`status = 'pending'`, set: { payload: sql`excluded.payload` } })
  ).returning({ id: jobs.id });
  if (row && options.wake !== false) signalJobEnqueued();
  return row?.id;
}
