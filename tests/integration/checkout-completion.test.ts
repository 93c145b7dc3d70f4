// Completion in process, with a clock, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a late payment is refunded and the member told; concurrent
// completions confirm once; each payment's check job completes paid orders nobody came back for; the e-mail waits in
// the mail queue while the transport fails, and is kept once when delivered twice.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { PAYMENT_RECHECK_MAX_MS, PAYMENT_RECHECK_MS } from '@/modules/payments/ledger';
import { checkPayment } from '@/modules/payments/check-payment';
import { releaseDeadCompletionLeases } from '@/modules/payments/release-dead-leases';
import { sendQueuedMail } from '@/modules/email/mail-queue';
import { jobsOverview } from '@/modules/jobs/job-admin';
import { startJobRunner } from '@/modules/jobs/job-runner';
import { JOB_LEASE_MS, type JobHandlers } from '@/modules/jobs/run-due-jobs';
import type { MailTransport } from '@/ports/mail';
import { jobs, mailQueue, orders, payments, refunds, testPaymentSessions } from '@/server/db/schema';
import { embeddedCheckoutDeps, signedUpMember } from '../support/checkout';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { checkPayments, runJobs } from '../support/jobs';
import { firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

describe.each(TEST_BACKENDS)('completing a checkout on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  let clock = serverNow();
  const now = () => clock;
  let deps: ReturnType<typeof embeddedCheckoutDeps>;
  const gateway = () => deps.gateway;

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
    deps = embeddedCheckoutDeps(database.db, now);
  });
  afterAll(async () => database?.dispose());

  const newMember = (name: string) => signedUpMember(database.db, name);

  async function started(daysAhead: number) {
    const member = await newMember('buyer');
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', daysAhead);
    const selectedTime = await firstSlot(deps.supplier, 'main-deck', 'main-deck-day', day);
    const checkout = await startCheckout(deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime }, 'fr');
    return { member, checkout };
  }

  it('refunds a payment that arrives after the hold ran out, and tells the member', async () => {
    const { member, checkout } = await started(11);
    clock = new Date(clock.getTime() + 31 * 60_000);
    await gateway().pay(checkout.paymentSession.id, CARD);
    const { outcome, order } = await completeCheckout(deps, checkout.paymentSession.id);
    expect(outcome).toBe('refunded');
    expect(order.status).toBe('REFUNDED');
    const [session] = await database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, checkout.paymentSession.id));
    expect(session).toMatchObject({ status: 'refunded', refundedAmount: 8800 });
    // The ledger: the payment refunded whole, by one refund.
    const payment = await paymentOf(checkout.paymentSession.id);
    expect(payment).toMatchObject({ state: 'refunded', amount: 8800 });
    expect(await database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toMatchObject([{ amount: 8800, state: 'done', idempotencyKey: 'late' }]);
    const [mail] = await listOutbox(database.db, member.email);
    expect(mail!.subject).not.toMatch(/tickets/i);
    expect(mail!.text).toContain(order.supplierReference);
    expect(mail!.html).toContain('lang="fr"');
    // Completing again changes nothing, and refunds nothing twice.
    expect((await completeCheckout(deps, checkout.paymentSession.id)).outcome).toBe('done-before');
    expect(await listOutbox(database.db, member.email)).toHaveLength(1);
    clock = serverNow();
  });

  it('confirms once when 20 completions run at once', async () => {
    const { member, checkout } = await started(12);
    await gateway().pay(checkout.paymentSession.id, CARD);
    const results = await Promise.all(Array.from({ length: 20 }, () => completeCheckout(deps, checkout.paymentSession.id)));
    expect(results.filter((r) => r.outcome === 'confirmed')).toHaveLength(1);
    expect(results.every((r) => ['confirmed', 'in-progress', 'done-before'].includes(r.outcome))).toBe(true);
    const booking = await deps.supplier.getBooking(checkout.bookingId);
    expect(booking.status).toBe('CONFIRMED');
    expect(booking.contact).toMatchObject({ firstName: 'Lea', emailAddress: member.email });
    const mails = await listOutbox(database.db, member.email);
    expect(mails).toHaveLength(1);
    // Two QR codes and the calendar file.
    expect(mails[0]!.attachments!.map((a) => a.filename.split('.').pop())).toEqual(['png', 'png', 'ics']);
  });

  it('leaves an unpaid session alone', async () => {
    const { checkout } = await started(13);
    expect((await completeCheckout(deps, checkout.paymentSession.id)).outcome).toBe('unpaid');
  });

  const orderOf = async (sessionId: string) => (await database.db.select({ order: orders }).from(orders).innerJoin(payments, eq(payments.id, orders.paymentId)).where(eq(payments.gatewaySessionId, sessionId)))[0]!.order;
  const paymentOf = async (sessionId: string) => (await database.db.select().from(payments).where(eq(payments.gatewaySessionId, sessionId)))[0]!;
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const mailJob = async (orderId: string) => (await database.db.select().from(jobs).where(eq(jobs.dedupeKey, `mail:tickets:${orderId}`)))[0]!;
  /** A runner's pass over the due `mail.send` jobs, at `at`. */
  const sendMail = (transport: MailTransport, at: Date) =>
    runJobs(database.db, { 'mail.send': (mail) => sendQueuedMail(database.db, transport, mail.idempotencyKey) }, at);

  /** The `payments.check` jobs of a session's payment (there is one). */
  const checkJobsOf = async (sessionId: string) => database.db.select().from(jobs).where(eq(jobs.dedupeKey, `payments.check:${(await paymentOf(sessionId)).id}`));
  const checkJobOf = async (sessionId: string) => (await checkJobsOf(sessionId))[0]!;

  it('gives a pending payment one check job, which completes a paid order nobody came back for, once, and asks again about an unpaid one without a failure', async () => {
    const paid = await started(14);
    const unpaid = await started(14);
    for (const { checkout } of [paid, unpaid]) {
      const payment = await paymentOf(checkout.paymentSession.id);
      expect(await checkJobsOf(checkout.paymentSession.id)).toMatchObject([
        { kind: 'payments.check', payload: { paymentId: payment.id }, status: 'pending', attempts: 0, runAt: new Date(clock.getTime() + PAYMENT_RECHECK_MS) },
      ]);
    }
    await gateway().pay(paid.checkout.paymentSession.id, CARD);
    // Not before the member had time to finish paying themselves.
    await checkPayments(deps);
    expect((await orderOf(paid.checkout.paymentSession.id)).status).toBe('PENDING_PAYMENT');
    later(PAYMENT_RECHECK_MS);
    await checkPayments(deps);
    expect((await orderOf(paid.checkout.paymentSession.id)).status).toBe('CONFIRMED');
    expect(await checkJobOf(paid.checkout.paymentSession.id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect((await orderOf(unpaid.checkout.paymentSession.id)).status).toBe('PENDING_PAYMENT');
    // The unpaid one is asked about again later, not at once, and waiting is no failure for the operator.
    expect(await checkJobOf(unpaid.checkout.paymentSession.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null, runAt: new Date(clock.getTime() + PAYMENT_RECHECK_MS) });
    expect(await listOutbox(database.db, paid.member.email)).toHaveLength(1);
    later(PAYMENT_RECHECK_MS);
    await checkPayments(deps);
    expect(await checkJobsOf(unpaid.checkout.paymentSession.id)).toMatchObject([{ status: 'pending', attempts: 0 }]);
    expect(await checkJobsOf(paid.checkout.paymentSession.id)).toMatchObject([{ status: 'done' }]);
    expect(await listOutbox(database.db, paid.member.email)).toHaveLength(1);
    const overview = await jobsOverview(database.db);
    expect(overview.failed.filter((job) => job.kind === 'payments.check')).toEqual([]);
    clock = serverNow();
  });

  it('asks about an unpaid payment less often as it ages, at most two minutes apart, and still completes it when paid late', async () => {
    const { member, checkout } = await started(16);
    const sessionId = checkout.paymentSession.id;
    const opened = clock.getTime();
    const due = async () => (await checkJobOf(sessionId)).runAt.getTime();
    // Young: every PAYMENT_RECHECK_MS.
    later(PAYMENT_RECHECK_MS);
    await checkPayments(deps);
    expect(await due()).toBe(clock.getTime() + PAYMENT_RECHECK_MS);
    // A minute old: after half its age.
    clock = new Date(opened + 60_000);
    await checkPayments(deps);
    expect(await due()).toBe(clock.getTime() + 30_000);
    // Ten minutes old: two minutes at most (each ask is a gateway call).
    clock = new Date(opened + 10 * 60_000);
    await checkPayments(deps);
    expect(await due()).toBe(clock.getTime() + PAYMENT_RECHECK_MAX_MS);
    expect((await checkJobOf(sessionId)).attempts).toBe(0);
    // Paid just after, with nobody coming back: the check due then completes it, once.
    await gateway().pay(sessionId, CARD);
    clock = new Date(await due());
    await checkPayments(deps);
    expect((await orderOf(sessionId)).status).toBe('CONFIRMED');
    expect(await checkJobOf(sessionId)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect(await listOutbox(database.db, member.email)).toHaveLength(1);
    clock = serverNow();
  });

  it('the check job waits out the lease of a crashed completion, then completes it', async () => {
    const { member, checkout } = await started(15);
    await gateway().pay(checkout.paymentSession.id, CARD);
    // A completion that took its lease and then died with its process.
    await database.db.update(payments).set({ leaseUntil: new Date(clock.getTime() + 30_000) }).where(eq(payments.gatewaySessionId, checkout.paymentSession.id));
    later(PAYMENT_RECHECK_MS);
    await checkPayments(deps);
    expect((await orderOf(checkout.paymentSession.id)).status).toBe('PENDING_PAYMENT');
    expect(await checkJobOf(checkout.paymentSession.id)).toMatchObject({ status: 'pending', attempts: 0 });
    later(30_000 - PAYMENT_RECHECK_MS + 1);
    await checkPayments(deps);
    expect((await orderOf(checkout.paymentSession.id)).status).toBe('CONFIRMED');
    expect(await listOutbox(database.db, member.email)).toHaveLength(1);
    clock = serverNow();
  });

  it('after a restart on a database of its own, asks about every pending payment at once and frees a dead process’s leases; a shared one waits', async () => {
    const { member, checkout } = await started(19);
    await gateway().pay(checkout.paymentSession.id, CARD);
    // A completion that took its lease and died; the payment's check was not due for a while yet.
    await database.db.update(payments).set({ leaseUntil: new Date(clock.getTime() + 30_000) }).where(eq(payments.gatewaySessionId, checkout.paymentSession.id));
    const notYet = new Date(serverNow().getTime() + 60 * 60_000);
    await database.db.update(jobs).set({ runAt: notYet }).where(eq(jobs.id, (await checkJobOf(checkout.paymentSession.id)).id));
    const handlers: JobHandlers = { 'payments.check': (check, job) => checkPayment(deps, check.paymentId, job) };
    // A shared database (PostgreSQL): another server may be at work on it, so nothing is brought forward.
    await startJobRunner(database.db, { handlers, leasesAreStale: false, pollMs: 600_000 }).stop();
    expect(await checkJobOf(checkout.paymentSession.id)).toMatchObject({ status: 'pending', runAt: notYet });
    // The embedded database: one process opens it, so the lease was the crashed process's.
    await releaseDeadCompletionLeases(database.db);
    const runner = startJobRunner(database.db, { handlers, leasesAreStale: true, pollMs: 600_000 });
    try {
      await vi.waitFor(async () => expect((await orderOf(checkout.paymentSession.id)).status).toBe('CONFIRMED'), { timeout: 10_000, interval: 50 });
    } finally {
      await runner.stop();
    }
    expect(await listOutbox(database.db, member.email)).toHaveLength(1);
    expect(await checkJobOf(checkout.paymentSession.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('the check job refunds a payment that came after the hold, and ends for a session that closed unpaid', async () => {
    const late = await started(16);
    const abandoned = await started(16);
    later(31 * 60_000);
    await gateway().pay(late.checkout.paymentSession.id, CARD);
    later(10 * 60_000);
    await checkPayments(deps);
    const refunded = await orderOf(late.checkout.paymentSession.id);
    expect(refunded.status).toBe('REFUNDED');
    const [refundMail] = await listOutbox(database.db, late.member.email);
    expect(refundMail!.text).toContain(refunded.supplierReference);
    expect(await paymentOf(late.checkout.paymentSession.id)).toMatchObject({ state: 'refunded' });
    expect(await paymentOf(abandoned.checkout.paymentSession.id)).toMatchObject({ state: 'expired' });
    expect(await checkJobOf(late.checkout.paymentSession.id)).toMatchObject({ status: 'done', attempts: 1 });
    // Closed unpaid: its job ended, and nothing asks the gateway about it again.
    expect(await checkJobsOf(abandoned.checkout.paymentSession.id)).toMatchObject([{ status: 'done', attempts: 1 }]);
    later(PAYMENT_RECHECK_MS);
    const asked: string[] = [];
    await checkPayments({ ...deps, gateway: { ...deps.gateway, getState: (id) => (asked.push(id), deps.gateway.getState(id)) } });
    expect(asked).not.toContain(abandoned.checkout.paymentSession.id);
    clock = serverNow();
  });

  it('keeps the tickets e-mail in the mail queue while the transport fails, and sends it once it works', async () => {
    const outbox = deps.mail;
    let failing = true;
    const flaky: MailTransport = { name: 'smtp', send: async (message) => (failing ? Promise.reject(new Error('SMTP is down')) : outbox.send(message)) };
    const withFlakyMail = { ...deps, mail: flaky };
    const { member, checkout } = await started(17);
    await gateway().pay(checkout.paymentSession.id, CARD);
    const { outcome, order } = await completeCheckout(withFlakyMail, checkout.paymentSession.id);
    expect(outcome).toBe('confirmed');
    const [queued] = await database.db.select().from(mailQueue).where(eq(mailQueue.idempotencyKey, `tickets:${order.id}`));
    expect(queued).toMatchObject({ status: 'pending' });
    expect(await mailJob(order.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP is down' });
    expect(await listOutbox(database.db, member.email)).toHaveLength(0);
    failing = false;
    expect(await sendMail(flaky, new Date(serverNow().getTime() + 60_000))).toMatchObject({ done: 1, retried: 0 });
    const [sent] = await database.db.select().from(mailQueue).where(eq(mailQueue.idempotencyKey, `tickets:${order.id}`));
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(await mailJob(order.id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    const [mail] = await listOutbox(database.db, member.email);
    expect(mail!.attachments!.map((a) => a.filename.split('.').pop())).toEqual(['png', 'png', 'ics']);
  });

  it('delivers a message again after a sender died before recording it, and the outbox keeps one copy', async () => {
    const { member, checkout } = await started(18);
    await gateway().pay(checkout.paymentSession.id, CARD);
    const { order } = await completeCheckout(deps, checkout.paymentSession.id);
    // As if the process died after the transport returned but before the row was marked sent (its job leased).
    await database.db.update(mailQueue).set({ status: 'pending', sentAt: null }).where(eq(mailQueue.idempotencyKey, `tickets:${order.id}`));
    await database.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'a dead process', lockedUntil: new Date(serverNow().getTime() + JOB_LEASE_MS) })
      .where(eq(jobs.dedupeKey, `mail:tickets:${order.id}`));
    expect(await sendMail(deps.mail, new Date(serverNow().getTime() + JOB_LEASE_MS - 1_000))).toMatchObject({ claimed: 0 });
    expect(await sendMail(deps.mail, new Date(serverNow().getTime() + JOB_LEASE_MS + 1_000))).toMatchObject({ done: 1 });
    expect(await listOutbox(database.db, member.email)).toHaveLength(1);
  });
});
