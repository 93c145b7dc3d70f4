// Runs the due jobs of some kinds once, as a server's runner would, at a time the test chooses.
import type { Database } from '@/server/db/client';
import { runDueJobs, type JobHandlers, type JobsRun } from '@/modules/jobs/run-due-jobs';

export function runJobs(db: Database, handlers: JobHandlers, now?: Date, workerId = 'test'): Promise<JobsRun> {
  return runDueJobs(db, handlers, { workerId, now, batch: 100 });
}
