// The payments ledger (docs/decisions/0028): one row per gateway session, whatever it pays for. What opens a
// payment (Book, a costlier change) records it here with the session; everything else finds it here.
import { eq } from 'drizzle-orm';
import type { CheckoutSession, PaymentGateway } from '@/ports/payments';
import type { Database } from '@/server/db/client';
import { payments, type PaymentPurpose } from '@/server/db/schema';
import { enqueue } from '../jobs/enqueue';

export type PaymentRow = typeof payments.$inferSelect;

/** How soon a pending payment is first asked about (its `payments.check` job), and asked again while it is young. */
export const PAYMENT_RECHECK_MS = 15_000;
/** How long an older payment still open at the gateway waits between two asks, at most. */
export const PAYMENT_RECHECK_MAX_MS = 120_000;

/** When a payment still open at the gateway is asked about again (decision 0078). While it is young, every
 * PAYMENT_RECHECK_MS: a member who pays at once, a worker that died just after the charge. Then after half its age,
 * up to PAYMENT_RECHECK_MAX_MS: every ask is a gateway call (Stripe allows 25 a second on one endpoint), a
 * session stays open past its hold (Stripe's 30 minutes at least), and the biggest day leaves thousands open at once. */
export function nextPaymentCheck(payment: Pick<PaymentRow, 'createdAt'>, now: Date): Date {
  const age = now.getTime() - payment.createdAt.getTime();
  return new Date(now.getTime() + Math.min(PAYMENT_RECHECK_MAX_MS, Math.max(PAYMENT_RECHECK_MS, age / 2)));
}

/** Long enough for the supplier's and the gateway's calls (each bounded by a timeout); short enough that a
 * payment whose worker crashed is completed again well within a minute. An overlap is harmless: the
 * supplier and the gateway are idempotent and only a pending payment is ever confirmed. */
export const COMPLETION_LEASE_MS = 30_000;

/** The one `payments.check` job of a payment. */
export const paymentCheckKey = (paymentId: string): string => `payments.check:${paymentId}`;

/** Records the payment of a session just opened, with its `payments.check` job (the caller's transaction
 * commits both or neither); the job's first look comes after the member had time to pay. */
export async function recordPayment(
  db: Database,
  gateway: PaymentGateway,
  input: { purpose: PaymentPurpose; referenceId: string; session: CheckoutSession; id?: string; tillShiftId?: string },
  now: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({
      ...(input.id ? { id: input.id } : {}),
      purpose: input.purpose,
      referenceId: input.referenceId,
      amount: input.session.amount,
      currency: input.session.currency,
      gateway: input.session.provider === 'cash' ? 'cash' : gateway.provider,
      gatewaySessionId: input.session.id,
      tillShiftId: input.tillShiftId ?? null,
      session: input.session,
      state: 'pending',
      createdAt: now,
    })
    .returning();
  // Not due for a while: no use waking the runner.
  await enqueue(db, 'payments.check', { paymentId: row!.id }, { runAt: nextPaymentCheck(row!, now), dedupeKey: paymentCheckKey(row!.id), wake: false });
  return row!;
}

export async function paymentById(db: Database, id: string): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

export async function paymentBySession(db: Database, gatewaySessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.gatewaySessionId, gatewaySessionId));
  return row;
}

/** What the browser needs to pay this payment (no secret of ours). */
export function sessionOf(payment: PaymentRow): CheckoutSession {
  return payment.session as CheckoutSession;
}
