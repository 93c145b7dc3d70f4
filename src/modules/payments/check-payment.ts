// Nothing paid is left waiting: every pending payment has one `payments.check` job (enqueued with it,
// ledger.ts), which asks the one completion path (complete-payment.ts) about it, as the member's return or a
// webhook would: confirmed, or refunded when what was paid for can no longer be delivered, or expired when
// the session closed unpaid; then the job ends. It heals a crash between the charge and the completion, a
// lost webhook, and a member who never comes back. A session still open is asked about again later, less often
// as it ages (ledger.ts, nextPaymentCheck).
import { eq } from 'drizzle-orm';
import { payments } from '@/server/db/schema';
import type { CheckoutDeps } from '../checkout/deps';
import { JobGaveUp, JobNotYet, type JobContext } from '../jobs/run-due-jobs';
import { completePayment } from './complete-payment';
import { nextPaymentCheck } from './ledger';
import { log } from '@/server/log';

/** The `payments.check` job: returns once the payment is settled; throws JobNotYet while it is pending. */
export async function checkPayment(deps: CheckoutDeps, paymentId: string, job: Pick<JobContext, 'now'>): Promise<void> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new JobGaveUp(`no payment ${paymentId}`);
  // Settled by someone else (the member's return, the webhook): nothing to ask.
  if (payment.state !== 'pending') return;
  const { payment: after, outcome } = await completePayment(deps, payment.gatewaySessionId);
  if (outcome === 'confirmed' || outcome === 'refunded') log.info(`[payments] the check of the ${payment.purpose} payment ${payment.id} completed it: ${outcome}`);
  if (after.state !== 'pending') return;
  // Someone is completing it now (`in-progress`): asked about again just after their lease, should they die.
  if (outcome === 'in-progress' && after.leaseUntil) throw new JobNotYet(new Date(after.leaseUntil.getTime() + 1));
  // Still open at the gateway (`unpaid`): asked about again later, less often as it ages.
  throw new JobNotYet(nextPaymentCheck(after, job.now));
}
