// One path completes a payment, whatever it pays for (docs/decisions/0028). The test gateway's card form,
// Stripe's webhook, the member's return and each payment's check job all come here: the gateway's state is read (the
// source of truth), a lease on the payment lets one caller work while the others answer `in-progress`, and
// the payment's purpose (purposes.ts) does the rest: an order is confirmed (or refunded when its hold ran out), a change
// of a booking moves it (or refunds it when it can no longer move). Each confirms or refunds the payment in
// the transaction that delivers, or fails to deliver, what it paid for; a payment settled stays settled.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { payments } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { CheckoutDeps } from '../checkout/deps';
import { COMPLETION_LEASE_MS, paymentById, paymentBySession, type PaymentRow } from './ledger';
import { paymentStates } from './payment-states';
import { sessionState } from './free-session';
import { PURPOSES } from './purposes';
import { serverNow } from '@/server/clock';
import { metrics } from '@/server/metrics';

export type PaymentOutcome = 'confirmed' | 'refunded' | 'unpaid' | 'expired' | 'in-progress' | 'done-before';

export type PaymentCompletion = { payment: PaymentRow; outcome: PaymentOutcome };

export async function completePayment(deps: CheckoutDeps, gatewaySessionId: string): Promise<PaymentCompletion> {
  const { db } = deps;
  const current = await paymentBySession(db, gatewaySessionId);
  if (!current) throw new AppError('NOT_FOUND', 'noPaymentSession');
  if (current.state !== 'pending') return { payment: current, outcome: 'done-before' };

  const state = await sessionState(deps.gateway, current);
  if (state.status === 'open') return { payment: current, outcome: 'unpaid' };
  const purpose = PURPOSES[current.purpose];
  const at = deps.now?.() ?? serverNow();
  if (state.status === 'expired') {
    // Closed unpaid, for good: the payment's check job ends, and what it would have paid for is told in the
    // same transaction (a change expires, a waitlist offer ends).
    const expired = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(payments)
        .set({ state: paymentStates.transition(current.state, 'expired'), leaseUntil: null })
        .where(and(eq(payments.id, current.id), eq(payments.state, current.state)))
        .returning();
      if (row) await purpose.expired?.(tx, row, at);
      return row;
    });
    if (expired) countSettled(current.purpose, 'expired');
    return { payment: expired ?? (await paymentById(db, current.id)), outcome: 'expired' };
  }

  // Take the lease: only one caller gets the row back.
  const [leased] = await db
    .update(payments)
    .set({ leaseUntil: new Date(at.getTime() + COMPLETION_LEASE_MS) })
    .where(and(eq(payments.id, current.id), eq(payments.state, 'pending'), or(isNull(payments.leaseUntil), lt(payments.leaseUntil, at))))
    .returning();
  if (!leased) {
    const payment = await paymentById(db, current.id);
    return { payment, outcome: payment.state === 'pending' ? 'in-progress' : 'done-before' };
  }
  let outcome: PaymentOutcome;
  try {
    outcome = await purpose.complete(deps, leased, state);
  } catch (error) {
    // Something could not answer (the supplier, the gateway): the lease goes back, and a retry completes it.
    await releaseLease(deps, leased.id);
    throw error;
  }
  if (outcome === 'in-progress') await releaseLease(deps, leased.id);
  if (outcome === 'confirmed' || outcome === 'refunded') countSettled(leased.purpose, outcome);
  return { payment: await paymentById(db, leased.id), outcome };
}

/** Payments settled, for the operators' rates (src/server/metrics.ts): counted once, by the caller that settled it. */
function countSettled(purpose: string, outcome: 'confirmed' | 'refunded' | 'expired'): void {
  metrics().payments.inc({ purpose, outcome });
}

async function releaseLease(deps: CheckoutDeps, paymentId: string): Promise<void> {
  await deps.db.update(payments).set({ leaseUntil: null }).where(and(eq(payments.id, paymentId), eq(payments.state, 'pending')));
}
