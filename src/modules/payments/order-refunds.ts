// Money back for a booking that was paid in several payments (its own, then the differences of costlier
// changes, decision 0023): an amount is spread over its confirmed payments, the paid differences first
// (newest first), then the booking's own payment, each part a refund of the ledger under one key, so a retry
// refunds nothing twice and takes up a part the gateway failed to take. Cancellations and changes to a lower
// total come here; every part goes through refund-payment.ts, except a refund a manager puts onto a new gift
// card (decision 0052), recorded here in one transaction with the card.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentGateway } from '@/ports/payments';
import type { Database } from '@/server/db/client';
import { bookingChanges, payments, refunds } from '@/server/db/schema';
import type { PaymentRow } from './ledger';
import { refundPayment, type RefundRow } from './refund-payment';
import { serverNow } from '@/server/clock';
import { AppError } from '@/server/errors';
import { isCashSession } from './free-session';

type Deps = { db: Database; gateway: PaymentGateway; now?: () => Date };

/** The confirmed payments of an order, in the order refunds take from them. */
export async function orderPayments(db: Database, order: { id: string; paymentId: string }): Promise<PaymentRow[]> {
  const changes = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(bookingChanges, eq(bookingChanges.paymentId, payments.id))
    .where(and(eq(bookingChanges.orderId, order.id), eq(payments.state, 'confirmed')))
    .orderBy(desc(payments.createdAt));
  const own = await db.select().from(payments).where(and(eq(payments.id, order.paymentId), eq(payments.state, 'confirmed')));
  return [...changes.map((c) => c.payment), ...own];
}

/** The refunds of an order's payments under one key (a cancellation's, a change's). */
export async function orderRefunds(db: Database, order: { id: string; paymentId: string }, key: string): Promise<RefundRow[]> {
  const ids = (await orderPayments(db, order)).map((p) => p.id);
  if (ids.length === 0) return [];
  return db.select().from(refunds).where(and(inArray(refunds.paymentId, ids), eq(refunds.idempotencyKey, key)));
}

/** Gives `amount` back over the order's payments, once per key; answers every part (pending if the gateway
 * failed: the next call with the key takes it). */
export async function refundOrder(deps: Deps, order: { id: string; paymentId: string }, request: { amount: number; key: string; reason: string; tillShiftId?: string }): Promise<RefundRow[]> {
  const list = await orderPayments(deps.db, order);
  const earlier = await orderRefunds(deps.db, order, request.key);
  const parts: RefundRow[] = [];
  let left = request.amount - earlier.reduce((sum, r) => sum + r.amount, 0);
  for (const payment of list) {
    const mine = earlier.find((r) => r.paymentId === payment.id);
    if (mine) {
      parts.push(mine.state === 'done' ? mine : await refundPayment(deps, { payment, amount: mine.amount, key: request.key, reason: request.reason }));
      continue;
    }
    if (left <= 0) continue;
    const [{ refunded } = { refunded: 0 }] = await deps.db
      .select({ refunded: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const part = Math.min(left, payment.amount - refunded);
    if (part <= 0) continue;
    // Cash paid at a till goes back from the till of the refund (decision 0053); a card's, to the card.
    const tillShiftId = isCashSession(payment.gatewaySessionId) ? request.tillShiftId : undefined;
    parts.push(await refundPayment(deps, { payment, amount: part, key: request.key, reason: request.reason, tillShiftId }));
    left -= part;
  }
  return parts;
}

/** How a set of refunds stands: nothing to give back, under way, or all taken by the gateway. */
export function refundStatus(parts: RefundRow[], amount: number): 'none' | 'pending' | 'refunded' {
  if (amount === 0) return 'none';
  const done = parts.filter((p) => p.state === 'done').reduce((sum, p) => sum + p.amount, 0);
  return done >= amount ? 'refunded' : 'pending';
}

/** All that went back of an order's payments so far (changes to a lower total, a cancellation). */
export async function refundedOf(db: Database, order: { id: string; paymentId: string }): Promise<number> {
  const ids = (await orderPayments(db, order)).map((p) => p.id);
  if (ids.length === 0) return 0;
  const [{ refunded } = { refunded: 0 }] = await db
    .select({ refunded: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(inArray(refunds.paymentId, ids));
  return refunded;
}

/** Gives `amount` of the order's payments back onto a new gift card instead of through the gateway (a
 * manager's choice, decision 0052). One transaction: each payment's row locked (as `refundPayment` does),
 * the parts spread as `refundOrder` spreads them and never past what each payment took, the card issued by
 * `issue` for their sum, and each part recorded `done` with the card's id. So the money goes back once and
 * one way: a second call under the key finds the parts and issues nothing, and a refund the gateway took
 * under the key leaves nothing to put on a card. */
export async function refundOrderToGiftCard(
  deps: { db: Database; now?: () => Date },
  order: { id: string; paymentId: string },
  request: { amount: number; key: string; reason: string },
  issue: (tx: Database, amount: number) => Promise<string>,
): Promise<RefundRow[]> {
  const at = (deps.now ?? serverNow)();
  return deps.db.transaction(async (tx) => {
    const list = await orderPayments(tx, order);
    if (list.length === 0) return [];
    const ids = list.map((p) => p.id);
    await tx.select({ id: payments.id }).from(payments).where(inArray(payments.id, ids)).for('update');
    const earlier = await tx.select().from(refunds).where(and(inArray(refunds.paymentId, ids), eq(refunds.idempotencyKey, request.key)));
    if (earlier.length > 0) return earlier;
    const parts: { paymentId: string; amount: number }[] = [];
    let left = request.amount;
    for (const payment of list) {
      if (left <= 0) break;
      const [{ refunded } = { refunded: 0 }] = await tx
        .select({ refunded: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
        .from(refunds)
        .where(eq(refunds.paymentId, payment.id));
      const part = Math.min(left, payment.amount - refunded);
      if (part <= 0) continue;
      parts.push({ paymentId: payment.id, amount: part });
      left -= part;
    }
    if (!Number.isInteger(request.amount) || request.amount < 1 || left > 0) {
      throw new AppError('INVALID_FIELDS', 'refundAmountRange', { max: request.amount - Math.max(left, 0) });
    }
    const giftCardId = await issue(tx, request.amount);
    return tx
      .insert(refunds)
      .values(parts.map((p) => ({ ...p, idempotencyKey: request.key, state: 'done' as const, reason: request.reason, giftCardId, createdAt: at, doneAt: at })))
      .returning();
  });
}
