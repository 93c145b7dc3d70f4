// Runs the due jobs of some kinds once, as a server's runner would, at a time the test chooses.
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { runDueJobs, type JobHandlers, type JobsRun } from '@/modules/jobs/run-due-jobs';
import { checkPayment } from '@/modules/payments/check-payment';

export function runJobs(db: Database, handlers: JobHandlers, now?: Date, workerId = 'test'): Promise<JobsRun> {
  return runDueJobs(db, handlers, { workerId, now, batch: 100 });
}

/** The due `payments.check` jobs, run as src/wiring/jobs.ts runs them, at the checkout's clock (or `at`). */
export function checkPayments(deps: CheckoutDeps, at = deps.now?.() ?? serverNow(), workerId = 'test'): Promise<JobsRun> {
  return runJobs(deps.db, { 'payments.check': (check, job) => checkPayment(deps, check.paymentId, job) }, at, workerId);
}
