// A crash while members pay: 20 payments at once, kill -9 of the site's process group in the middle,
// a restart on the same data, and then, within 60 s and with no member calling anything that completes
// an order, every paid order is confirmed exactly once, with one tickets e-mail and its token issued once.
// While waiting, the test only reads: the demo outbox and the members' tokens. On PGlite this also proves
// that the embedded database and its directory lock open again after a kill -9.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { JOB_LEASE_MS } from '@/modules/jobs/run-due-jobs';
import { openDatabase } from '@/server/db/client';
import { bookings, localTokens, mailQueue, orders, outboxMessages, payments as ledger, testPaymentSessions, tokenIssues, users } from '@/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startSite, type RunningServer } from '../support/server';
import { OCTO_KEY, TEST_SITE_ENV, Visitor, uniqueEmail } from './sites';
import { firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const MEMBERS = 20;
const RECOVERY_MS = 60_000;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

type Backend = { name: string; adminUrl?: string };
const backends: Backend[] = [{ name: 'PGlite' }];
if (process.env.TEST_DATABASE_URL) backends.push({ name: 'PostgreSQL', adminUrl: process.env.TEST_DATABASE_URL });

describe.each(backends)('a crash in the middle of 20 payments, on $name', ({ adminUrl }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-crash-'));
  let database: TestDatabase | undefined;
  let site: RunningServer | undefined;

  afterAll(async () => {
    await site?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The site's database, opened by the test while no site runs (PGlite allows one process). */
  async function withStore<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
    const store = await openDatabase({ databaseUrl: database?.url, dataDir });
    try {
      return await read(store.db);
    } finally {
      await store.close();
    }
  }

  it('completes every paid order within 60 s of the restart, exactly once, without the members', { timeout: 240_000 }, async () => {
    if (adminUrl) database = await createTestDatabase(adminUrl);
    const env = { ...TEST_SITE_ENV, DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    site = await startSite(env, { detached: true });
    const { url } = site;

    // Twenty members, each holding one place.
    const octo = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });
    const day = await openDay(octo, 'main-deck', 'main-deck-day', 10);
    const selectedTime = await firstSlot(octo, 'main-deck', 'main-deck-day', day);
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, async () => {
        const visitor = new Visitor(url);
        const email = uniqueEmail('crash');
        await visitor.signIn(email);
        const res = await visitor.postJson('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime });
        expect(res.status).toBe(201);
        const { paymentSession, bookingId } = (await res.json()) as { paymentSession: { id: string }; bookingId: string };
        return { visitor, email, sessionId: paymentSession.id, bookingId };
      }),
    );

    // All pay at once; the site is killed as the first answer arrives.
    const payments = members.map(({ visitor, sessionId }) =>
      visitor.postJson('/api/payments/test/pay', { sessionId, card: CARD }).then(
        (res) => res.status,
        () => 'cut' as const,
      ),
    );
    await Promise.race(payments);
    await site.crash();
    const answers = await Promise.all(payments);
    // The crash came in the middle: some payments never got their answer.
    expect(answers).toContain('cut');

    // What the gateway took, as the database holds it after the crash.
    const paid = await withStore(async (db) => {
      const rows = await db
        .select({ id: orders.id, bookingUuid: orders.bookingUuid, status: orders.status })
        .from(orders)
        .innerJoin(ledger, eq(ledger.id, orders.paymentId))
        .innerJoin(testPaymentSessions, eq(testPaymentSessions.id, ledger.gatewaySessionId))
        .where(eq(testPaymentSessions.status, 'paid'));
      return rows;
    });
    expect(paid.length).toBeGreaterThan(0);
    const paidBookings = new Set(paid.map((o) => o.bookingUuid));

    // The restart, on the same data and port, one job lease after the crash on the site's clock (the test does not
    // wait it out in real time); from here on nobody calls anything that completes an order.
    const restartedAt = Date.now();
    const restartedOnSiteClock = serverNow().getTime() + JOB_LEASE_MS;
    site = await startSite({ ...env, SKYPASS_CLOCK: new Date(restartedOnSiteClock).toISOString() }, { port: site.port, detached: true });
    await vi.waitFor(
      async () => {
        for (const { visitor, email, bookingId } of members) {
          const hasPaid = paidBookings.has(bookingId);
          const tickets = (await visitor.outbox(email)).filter((m) => m.subject.startsWith('Your tickets'));
          if (tickets.length !== (hasPaid ? 1 : 0)) throw new Error(`${email} has ${tickets.length} tickets e-mails`);
          const drops = (await visitor.membership()).tokens.map((t) => t.dropId).sort();
          const expected = hasPaid ? ['ticket-holder', 'welcome'] : ['welcome'];
          if (drops.join() !== expected.join()) throw new Error(`${email} holds ${drops.join() || 'no tokens'}`);
        }
      },
      { timeout: RECOVERY_MS - (Date.now() - restartedAt), interval: 500 },
    );
    // On PostgreSQL (a database other servers may share) an e-mail the dead process had sent but not yet
    // marked keeps its lease until it runs out (here: at the restart); the new process then marks it, without
    // sending it again.
    if (database) {
      await vi.waitFor(
        () =>
          withStore(async (db) => {
            const keys = (await db.select({ id: orders.id }).from(orders).where(inArray(orders.bookingUuid, [...paidBookings]))).map((o) => `tickets:${o.id}`);
            const rows = await db.select({ status: mailQueue.status }).from(mailQueue).where(inArray(mailQueue.idempotencyKey, keys));
            if (rows.some((r) => r.status !== 'sent')) throw new Error('a tickets e-mail is still marked pending');
          }),
        { timeout: JOB_LEASE_MS + 20_000, interval: 1_000 },
      );
    }
    await site.stop();
    site = undefined;

    // Exactly once, as the data holds it.
    await withStore(async (db) => {
      const all = await db.select().from(orders).where(inArray(orders.bookingUuid, members.map((m) => m.bookingId)));
      for (const order of all) {
        const mails = await db.select().from(mailQueue).where(eq(mailQueue.idempotencyKey, `tickets:${order.id}`));
        const delivered = await db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `tickets:${order.id}`));
        const [booking] = await db.select().from(bookings).where(eq(bookings.uuid, order.bookingUuid));
        if (paidBookings.has(order.bookingUuid)) {
          expect(order.status).toBe('CONFIRMED');
          expect(order.tickets).toHaveLength(1);
          expect(order.confirmedAt!.getTime()).toBeLessThanOrEqual(restartedOnSiteClock + RECOVERY_MS);
          expect(booking!.status).toBe('CONFIRMED');
          expect(mails).toHaveLength(1);
          expect(mails[0]!.status).toBe('sent');
          expect(delivered).toHaveLength(1);
        } else {
          // Never charged: still waiting for its member, with nothing sent.
          expect(order.status).toBe('PENDING_PAYMENT');
          expect(mails).toHaveLength(0);
        }
      }
      // Every token of these members (joining, and each paid booking) issued once.
      const memberIds = (await db.select({ id: users.id }).from(users).where(inArray(users.email, members.map((m) => m.email)))).map((u) => u.id);
      const issues = await db.select().from(tokenIssues).where(inArray(tokenIssues.userId, memberIds));
      expect(issues.filter((i) => i.source.startsWith('booking:')).map((i) => i.source.slice('booking:'.length)).sort()).toEqual([...paidBookings].sort());
      expect(issues.filter((i) => i.source === 'joined')).toHaveLength(MEMBERS);
      for (const issue of issues) {
        expect(issue.status).toBe('issued');
        expect(await db.select().from(localTokens).where(eq(localTokens.issueId, issue.id))).toHaveLength(1);
      }
    });
  });
});
