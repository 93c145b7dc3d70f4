// The payments ledger (decision 0028), in process, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a
// payment is completed exactly once whatever it pays for (a booking, the difference of a change) and
// whichever of the webhook, its check job and the member's return come at once; two runners on one database
// run a payment's one check job once; the refunds of a payment never
// add up past it, however many are made at once, and one key refunds once; a refund the gateway failed is
// retried by its job on the runner, under the same key, until the gateway takes it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import { changeBooking } from '@/modules/bookings/change-booking';
import { completeChangePayment } from '@/modules/bookings/change-payment';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { completePayment } from '@/modules/payments/complete-payment';
import { PAYMENT_RECHECK_MS } from '@/modules/payments/ledger';
import { JOB_KINDS } from '@/modules/jobs/job-kinds';
import { runDueJobs } from '@/modules/jobs/run-due-jobs';
import { refundPayment, retryRefund } from '@/modules/payments/refund-payment';
import { AppError } from '@/server/errors';
import { jobs, orders, payments, refunds, testPaymentSessions } from '@/server/db/schema';
import { signedUpMember, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { checkPayments } from '../support/jobs';
import { firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
/** Each of the three ways a payment gets completed, this many times at once. */
const CALLERS_EACH = 4;

describe.each(TEST_BACKENDS)('the payments ledger on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl);

  const paymentOf = async (sessionId: string) => (await shop.db.select().from(payments).where(eq(payments.gatewaySessionId, sessionId)))[0]!;
  const refundsOf = (paymentId: string) => shop.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const checkJobOf = async (paymentId: string) => (await shop.db.select().from(jobs).where(eq(jobs.dedupeKey, `payments.check:${paymentId}`)))[0]!;

  async function started(daysAhead: number, quantities: Record<string, number>) {
    const member = await signedUpMember(shop.db, 'ledger');
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 4);
    const selectedTime = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    const checkout = await startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedTime }, 'en');
    return { member, checkout, day };
  }

  /** The webhook (the one path itself), two runners' passes over the check jobs and the member's return, all
   * at once, after the member paid and the check is due; answers how many of the direct callers completed the
   * payment (none, when a check job did). */
  async function raceToComplete(sessionId: string, memberReturn: () => Promise<{ outcome: string }>): Promise<number> {
    shop.clock = new Date(serverNow().getTime() + PAYMENT_RECHECK_MS + 1_000);
    try {
      const direct = Array.from({ length: CALLERS_EACH }, () => [completePayment(shop.deps, sessionId), memberReturn()]).flat();
      const [settled] = await Promise.all([Promise.all(direct), checkPayments(shop.deps, shop.clock, 'runner-a'), checkPayments(shop.deps, shop.clock, 'runner-b')]);
      return settled.filter((result) => result.outcome === 'confirmed').length;
    } finally {
      shop.clock = undefined;
    }
  }

  it('completes a booking’s payment once, whichever of the webhook, its check job and the member come at once', async () => {
    const { member, checkout } = await started(40, { adult: 2 });
    const sessionId = checkout.paymentSession.id;
    expect(await paymentOf(sessionId)).toMatchObject({ purpose: 'order', amount: 8800, currency: 'USD', gateway: 'test', state: 'pending' });
    await shop.deps.gateway.pay(sessionId, CARD);

    expect(await raceToComplete(sessionId, () => completeCheckout(shop.deps, sessionId))).toBeLessThanOrEqual(1);
    const payment = await paymentOf(sessionId);
    expect(payment).toMatchObject({ state: 'confirmed', leaseUntil: null });
    expect(payment.confirmedAt).not.toBeNull();
    expect((await completeCheckout(shop.deps, sessionId)).order.status).toBe('CONFIRMED');
    expect(await shop.deps.supplier.getBooking(checkout.bookingId)).toMatchObject({ status: 'CONFIRMED' });
    expect(await listOutbox(shop.db, member.email)).toHaveLength(1);
    expect(await refundsOf(payment.id)).toHaveLength(0);
  });

  it('completes a change’s payment once, whichever of the webhook, its check job and the member come at once', async () => {
    const { member, checkout } = await started(41, { adult: 1 });
    await shop.deps.gateway.pay(checkout.paymentSession.id, CARD);
    const { order } = await completeCheckout(shop.deps, checkout.paymentSession.id);
    const change = await changeBooking(shop.deps, member, { bookingId: order.bookingUuid, quantities: { adult: 2 }, selectedTime: order.availabilityId, confirm: true }, 'en');
    const sessionId = change.payment!.paymentSession.id;
    expect(await paymentOf(sessionId)).toMatchObject({ purpose: 'change', referenceId: change.payment!.changeId, amount: 4400, state: 'pending' });
    await shop.deps.gateway.pay(sessionId, CARD);

    expect(await raceToComplete(sessionId, () => completeChangePayment(shop.deps, sessionId))).toBeLessThanOrEqual(1);
    expect(await paymentOf(sessionId)).toMatchObject({ state: 'confirmed', leaseUntil: null });
    expect((await completeChangePayment(shop.deps, sessionId)).change.status).toBe('DONE');
    expect((await shop.deps.supplier.getBooking(order.bookingUuid)).unitItems).toHaveLength(2);
    const changedMails = (await listOutbox(shop.db, member.email)).filter((m) => m.subject.startsWith('Your booking has changed'));
    expect(changedMails).toHaveLength(1);
  });

  it('gives a pending payment one check job, which two runners on one database run once', async () => {
    const { member, checkout } = await started(46, { adult: 1 });
    const sessionId = checkout.paymentSession.id;
    const payment = await paymentOf(sessionId);
    expect(await shop.db.select().from(jobs).where(eq(jobs.kind, 'payments.check'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ payload: { paymentId: payment.id }, dedupeKey: `payments.check:${payment.id}`, status: 'pending' })]),
    );
    expect((await shop.db.select().from(jobs).where(eq(jobs.dedupeKey, `payments.check:${payment.id}`))).length).toBe(1);
    await shop.deps.gateway.pay(sessionId, CARD);
    // Two runners (on PostgreSQL, each on its own connection of the pool) pass over the due checks at once;
    // every question the gateway is asked about this payment is counted.
    let asked = 0;
    const counting = { ...shop.deps, gateway: { ...shop.deps.gateway, getState: (id: string) => ((asked += Number(id === sessionId)), shop.deps.gateway.getState(id)) } };
    const at = new Date(serverNow().getTime() + PAYMENT_RECHECK_MS + 1_000);
    shop.clock = at;
    try {
      await Promise.all([checkPayments(counting, at, 'runner-a'), checkPayments(counting, at, 'runner-b')]);
    } finally {
      shop.clock = undefined;
    }
    expect(asked).toBe(1);
    expect(await checkJobOf(payment.id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await paymentOf(sessionId)).toMatchObject({ state: 'confirmed' });
    expect(await listOutbox(shop.db, member.email)).toHaveLength(1);
  });

  it('keeps a late payment waiting while its refund fails at the gateway, then refunds it once on the next try', async () => {
    const { checkout } = await started(43, { adult: 2 });
    const sessionId = checkout.paymentSession.id;
    shop.clock = new Date(serverNow().getTime() + 31 * 60_000);
    try {
      await shop.deps.gateway.pay(sessionId, CARD);
      const gatewayDown = { ...shop.deps, gateway: { ...shop.deps.gateway, refund: () => Promise.reject(new Error('gateway down')) } };
      await expect(completePayment(gatewayDown, sessionId)).rejects.toThrow(/not done yet/);
      const waiting = await paymentOf(sessionId);
      expect(waiting).toMatchObject({ state: 'pending', leaseUntil: null });
      expect(await refundsOf(waiting.id)).toMatchObject([{ amount: 8800, state: 'pending', idempotencyKey: 'late', lastError: 'gateway down' }]);
      expect((await shop.db.select().from(orders).where(eq(orders.id, waiting.referenceId)))[0]!.status).toBe('PENDING_PAYMENT');

      // The gateway is back: the next completion (here the payment's check job) takes the same refund up.
      shop.clock = new Date(shop.clock.getTime() + PAYMENT_RECHECK_MS);
      await checkPayments(shop.deps);
      expect(await checkJobOf(waiting.id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
      expect(await paymentOf(sessionId)).toMatchObject({ state: 'refunded' });
      expect(await refundsOf(waiting.id)).toMatchObject([{ amount: 8800, state: 'done', lastError: null }]);
      const [session] = await shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId));
      expect(session).toMatchObject({ status: 'refunded', refundedAmount: 8800 });
      expect((await completeCheckout(shop.deps, sessionId)).order.status).toBe('REFUNDED');
    } finally {
      shop.clock = undefined;
    }
  });

  it('retries a refund the gateway failed as a job of the runner, under the same key, until the gateway takes it', async () => {
    const { checkout } = await started(44, { adult: 2 });
    const sessionId = checkout.paymentSession.id;
    await shop.deps.gateway.pay(sessionId, CARD);
    expect((await completeCheckout(shop.deps, sessionId)).order.status).toBe('CONFIRMED');
    const payment = await paymentOf(sessionId);

    const keys: string[] = [];
    const gatewayDown = {
      ...shop.deps,
      gateway: { ...shop.deps.gateway, refund: (_session: string, _amount: number, key: string) => (keys.push(key), Promise.reject(new Error('gateway down'))) },
    };
    const at = serverNow();
    shop.clock = at;
    try {
      const refund = await refundPayment(gatewayDown, { payment, amount: 1500, key: 'goodwill', reason: 'goodwill' });
      expect(refund).toMatchObject({ state: 'pending', lastError: 'gateway down' });
      // Its job was enqueued with it, due once the caller's own attempt had its chance.
      const jobKey = `refund:${refund.id}`;
      const jobOf = async () => (await shop.db.select().from(jobs).where(eq(jobs.dedupeKey, jobKey)))[0]!;
      expect(await jobOf()).toMatchObject({ kind: 'refunds.retry', status: 'pending', payload: { refundId: refund.id }, runAt: new Date(at.getTime() + JOB_KINDS['refunds.retry'].firstRetryMs) });

      // Not due yet: the runner leaves it.
      const runner = (gateway: typeof shop.deps) => ({ 'refunds.retry': (job: { refundId: string }) => retryRefund(gateway, job.refundId) });
      expect(await runDueJobs(shop.db, runner(gatewayDown), { workerId: 'test', now: new Date(at.getTime() + 1_000), dedupeKey: jobKey })).toMatchObject({ claimed: 0 });
      // Due, and the gateway still down: the job waits its back-off, the refund stays pending.
      const firstTry = (await jobOf()).runAt;
      expect(await runDueJobs(shop.db, runner(gatewayDown), { workerId: 'test', now: firstTry, dedupeKey: jobKey })).toMatchObject({ claimed: 1, retried: 1 });
      const waiting = await jobOf();
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/gateway down/) });
      expect(waiting.runAt.getTime()).toBeGreaterThan(firstTry.getTime());
      expect(await refundsOf(payment.id)).toMatchObject([{ state: 'pending', amount: 1500 }]);

      // The gateway answers again: the next attempt refunds, under the very key of the first.
      expect(await runDueJobs(shop.db, runner(shop.deps), { workerId: 'test', now: waiting.runAt, dedupeKey: jobKey })).toMatchObject({ claimed: 1, done: 1 });
      expect(await jobOf()).toMatchObject({ status: 'done', attempts: 2 });
      expect(keys).toEqual(['goodwill', 'goodwill']);
      expect(await refundsOf(payment.id)).toMatchObject([{ state: 'done', lastError: null, gatewayRefundId: `re_test_${sessionId}_goodwill` }]);
      const [session] = await shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId));
      expect(session!.refundedAmount).toBe(1500);
    } finally {
      shop.clock = undefined;
    }
  });

  it('never refunds more than a payment took, however many refunds come at once, and refunds a key once', async () => {
    const { checkout } = await started(42, { adult: 2 });
    const sessionId = checkout.paymentSession.id;
    await shop.deps.gateway.pay(sessionId, CARD);
    await completeCheckout(shop.deps, sessionId);
    const payment = await paymentOf(sessionId);

    // Ten refunds of 10.00 at once against a payment of 88.00: eight fit, two are refused.
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => refundPayment(shop.deps, { payment, amount: 1000, key: `part:${i}`, reason: 'goodwill' })),
    );
    const refused = attempts.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason as AppError);
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(8);
    expect(refused.map((e) => [e.status, e.key])).toEqual([
      [422, 'refundAmountRange'],
      [422, 'refundAmountRange'],
    ]);
    const made = await refundsOf(payment.id);
    expect(made.reduce((sum, r) => sum + r.amount, 0)).toBe(8000);
    expect(made.every((r) => r.state === 'done' && r.gatewayRefundId === `re_test_${sessionId}_${r.idempotencyKey}`)).toBe(true);
    const [session] = await shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId));
    expect(session!.refundedAmount).toBe(8000);

    // The rest, five times at once under one key: refunded once.
    await Promise.all(Array.from({ length: 5 }, () => refundPayment(shop.deps, { payment, amount: 800, key: 'rest', reason: 'goodwill' })));
    expect((await refundsOf(payment.id)).filter((r) => r.idempotencyKey === 'rest')).toHaveLength(1);
    const [after] = await shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId));
    expect(after!.refundedAmount).toBe(8800);
    // Nothing is left to give back.
    await expect(refundPayment(shop.deps, { payment, amount: 1, key: 'more', reason: 'goodwill' })).rejects.toMatchObject({ status: 422, key: 'refundAmountRange', values: { max: 0 } });
  });
});
