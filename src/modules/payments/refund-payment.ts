// Every refund goes through here (cancellations, a change to a lower total, a paid change that could not
// move, a payment after its hold ran out). The refund is recorded first, in a transaction that locks its
// payment and re-reads what was refunded already, so that the refunds of a payment never add up past it,
// whoever refunds at once; its key makes it once. The same transaction enqueues its `refunds.retry` job.
// Then the gateway gives the money back (under the same key, so a retry refunds once there too) and the
// refund is marked done. A gateway that fails leaves the refund pending with its error, and the job takes
// it up again with back-off until the gateway takes it (decision 0032); a crash before the gateway call is
// covered the same way.
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentGateway } from '@/ports/payments';
import type { Database } from '@/server/db/client';
import { payments, refunds } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { enqueue } from '../jobs/enqueue';
import { JOB_KINDS } from '../jobs/job-kinds';
import { JobGaveUp } from '../jobs/run-due-jobs';
import type { PaymentRow } from './ledger';
import { refundStates } from './refund-states';
import { isCashSession } from './free-session';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

export type RefundRow = typeof refunds.$inferSelect;

/** `tillShiftId`: the box-office till shift whose cash a cash payment's refund is handed back from (decision 0053). */
export type RefundRequest = { payment: Pick<PaymentRow, 'id' | 'gatewaySessionId'>; amount: number; key: string; reason: string; tillShiftId?: string };

type RefundDeps = { db: Database; gateway: PaymentGateway; now?: () => Date };

/** Records the refund (or finds the one of this key); refuses one that would exceed the payment. */
async function recordRefund(deps: RefundDeps, request: RefundRequest, at: Date): Promise<RefundRow> {
  return deps.db.transaction(async (tx) => {
    // The payment's row lock: concurrent refunds of one payment record one after the other.
    const [payment] = await tx.select({ amount: payments.amount }).from(payments).where(eq(payments.id, request.payment.id)).for('update');
    if (!payment) throw new Error(`no payment ${request.payment.id}`);
    const [earlier] = await tx.select().from(refunds).where(and(eq(refunds.paymentId, request.payment.id), eq(refunds.idempotencyKey, request.key)));
    if (earlier) return earlier;
    const [{ refunded } = { refunded: 0 }] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.paymentId, request.payment.id));
    if (!Number.isInteger(request.amount) || request.amount < 1 || refunded + request.amount > payment.amount) {
      throw new AppError('INVALID_FIELDS', 'refundAmountRange', { max: Math.max(payment.amount - refunded, 0) });
    }
    const [row] = await tx
      .insert(refunds)
      .values({ paymentId: request.payment.id, amount: request.amount, idempotencyKey: request.key, state: 'pending', reason: request.reason, createdAt: at, tillShiftId: request.tillShiftId ?? null })
      .returning();
    // Its retry, committed with it: due once the caller's own attempt has had its chance.
    await enqueue(tx, 'refunds.retry', { refundId: row!.id }, { runAt: new Date(at.getTime() + JOB_KINDS['refunds.retry'].firstRetryMs), dedupeKey: `refund:${row!.id}`, wake: false });
    return row!;
  });
}

/** Asks the gateway to take a pending refund, under its key; answers it done, or still pending with the
 * gateway's error. */
async function takeRefund(deps: RefundDeps, refund: RefundRow, gatewaySessionId: string): Promise<RefundRow> {
  const now = deps.now ?? serverNow;
  let gatewayRefundId: string | null;
  try {
    // Cash goes back from the till, by hand (decision 0053): no gateway to ask.
    ({ refundId: gatewayRefundId } = isCashSession(gatewaySessionId) ? { refundId: null } : await deps.gateway.refund(gatewaySessionId, refund.amount, refund.idempotencyKey));
  } catch (error) {
    const lastError = (error as Error).message.slice(0, 500);
    await deps.db.update(refunds).set({ lastError }).where(and(eq(refunds.id, refund.id), eq(refunds.state, 'pending')));
    log.error(`[payments] refund ${refund.idempotencyKey} of payment ${refund.paymentId} waits for its retry job`, { error });
    return { ...refund, lastError };
  }
  const [done] = await deps.db
    .update(refunds)
    .set({ state: refundStates.transition(refund.state, 'done'), gatewayRefundId, doneAt: now(), lastError: null })
    .where(and(eq(refunds.id, refund.id), eq(refunds.state, refund.state)))
    .returning();
  return done ?? { ...refund, state: 'done' };
}

/** Gives `amount` of the payment back, once per key; answers the refund, `done` unless the gateway failed. */
export async function refundPayment(deps: RefundDeps, request: RefundRequest): Promise<RefundRow> {
  const now = deps.now ?? serverNow;
  const refund = await recordRefund(deps, request, now());
  if (refund.state === 'done') return refund;
  return takeRefund(deps, refund, request.payment.gatewaySessionId);
}

/** The `refunds.retry` job: a pending refund asked of the gateway again; one the gateway does not take yet
 * throws, so that the runner tries again after its back-off (and lists it failed after the last attempt). */
export async function retryRefund(deps: RefundDeps, refundId: string): Promise<void> {
  const [row] = await deps.db
    .select({ refund: refunds, gatewaySessionId: payments.gatewaySessionId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row) throw new JobGaveUp(`no refund ${refundId}`);
  if (row.refund.state === 'done') return;
  const taken = await takeRefund(deps, row.refund, row.gatewaySessionId);
  if (taken.state !== 'done') throw new Error(`the gateway did not take the refund ${taken.idempotencyKey} yet: ${taken.lastError ?? 'no answer'}`);
}

/** Like refundPayment, for a caller that cannot go on until the money is back (a payment that cannot be
 * delivered): a refund the gateway did not take throws, so that the caller's lease goes back and the next
 * completion (the payment's check job) takes the refund up again, under its key. */
export async function refundWhole(deps: RefundDeps, request: RefundRequest): Promise<RefundRow> {
  const refund = await refundPayment(deps, request);
  if (refund.state !== 'done') throw new Error(`the refund ${request.key} of payment ${request.payment.id} is not done yet: ${refund.lastError ?? 'the gateway failed'}`);
  return refund;
}
