// Resellers' webhooks cannot reach inside: every notation of an internal address is refused when the
// webhook is registered and again when a delivery would be sent (a URL written straight into the table
// plays one that changed, or a name that now resolves inside); a public address registers (nothing is
// sent here: no network) and an allow-listed private network is reached; a name that resolves inside only
// at delivery (DNS rebinding) is refused there. Revoking a reseller deletes its
// webhooks and cancels their pending deliveries; a receiver that never answers delays no other webhook;
// a slot's unsent availability updates are coalesced.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import type { JobHandlers } from '@/modules/jobs/run-due-jobs';
import { enqueue } from '@/modules/jobs/enqueue';
import { deliverWebhook, WEBHOOK_TIMEOUT_MS } from '@/modules/resellers/deliver-webhooks';
import { MAX_WEBHOOKS_PER_RESELLER, registerWebhook } from '@/modules/resellers/octo-webhooks';
import { syncResellers } from '@/modules/resellers/reseller-keys';
import { SupplierError } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { jobs, octoWebhooks } from '@/server/db/schema';
import { parseNetworks } from '@/server/egress/internal-addresses';
import type { EgressPolicy } from '@/server/egress/partner-destination';
import { webhookNotifier } from '@/wiring/supplier';
import { openTestDatabase } from '../support/database';
import { runJobs } from '../support/jobs';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { OCTO_KEY } from './sites';
import { adults, firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const SITE_URL = 'https://tickets.skyline.example';

/** Every way the attacker wrote an internal address, and a few more. */
const INTERNAL_URLS = [
  'http://127.0.0.1/hook',
  'http://127.0.0.1:3000/api/ops/redeem',
  'http://[::1]/hook',
  'http://localhost/hook',
  'http://LOCALHOST./hook',
  'http://api.localhost/hook',
  'http://0.0.0.0/hook',
  'http://0/hook',
  'http://[::]/hook',
  'http://2130706433/hook',
  'http://0x7f000001/hook',
  'http://0177.0.0.1/hook',
  'http://127.1/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:7f00:1]/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.5/hook',
  'http://172.16.0.1/hook',
  'http://172.31.255.254/hook',
  'http://192.168.1.1/hook',
  'http://100.64.0.1/hook',
  'http://[fc00::1]/hook',
  'http://[fd12:3456::1]/hook',
  'http://[fe80::1]/hook',
  'http://224.0.0.1/hook',
  'http://[ff02::1]/hook',
  'http://255.255.255.255/hook',
  'http://[64:ff9b::a00:1]/hook',
  `${SITE_URL}/api/ops/redeem`,
  'http://user:password@93.184.216.34/hook',
];

const noAllowance: EgressPolicy = { siteUrl: SITE_URL };

function refusal(error: unknown) {
  if (!(error instanceof SupplierError)) throw error;
  return { code: error.code, message: error.message };
}

describe('webhook destinations, in process', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let db: Database;

  beforeAll(async () => {
    [database, receiver] = await Promise.all([openTestDatabase(), startWebhookReceiver()]);
    db = database.db;
  });
  afterAll(async () => {
    await Promise.all([database?.dispose(), receiver?.close()]);
  });

  it.each(INTERNAL_URLS)('refuses to register %s', async (url) => {
    const error = await registerWebhook(db, 'partner', { url, event: 'booking_update' }, noAllowance).catch(refusal);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/not allowed|user name/) });
    expect(await db.select().from(octoWebhooks).where(eq(octoWebhooks.url, url))).toEqual([]);
  });

  it('registers a public address, and a private one the operator allows', async () => {
    // booking_update of a reseller nobody books for: nothing is ever sent to these.
    const publicHook = await registerWebhook(db, 'public-partner', { url: 'https://93.184.216.34/hooks', event: 'booking_update' }, noAllowance);
    expect(publicHook).toMatchObject({ url: 'https://93.184.216.34/hooks', id: expect.stringMatching(/^wh_/) });
    const allowance = { ...noAllowance, allowed: parseNetworks('10.20.0.0/16, fd12::/16') };
    await expect(registerWebhook(db, 'public-partner', { url: 'http://10.20.3.4/hooks', event: 'booking_update' }, allowance)).resolves.toMatchObject({ url: 'http://10.20.3.4/hooks' });
    await expect(registerWebhook(db, 'public-partner', { url: 'http://[fd12::7]/hooks', event: 'booking_update' }, allowance)).resolves.toMatchObject({ url: 'http://[fd12::7]/hooks' });
    // The allowance is that network only.
    expect(await registerWebhook(db, 'public-partner', { url: 'http://10.21.0.1/hooks', event: 'booking_update' }, allowance).catch(refusal)).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it(`keeps a reseller to ${MAX_WEBHOOKS_PER_RESELLER} webhooks`, async () => {
    for (let i = 0; i < MAX_WEBHOOKS_PER_RESELLER; i++) await registerWebhook(db, 'busy-partner', { url: `https://93.184.216.34/hooks/${i}`, event: 'availability_update' }, noAllowance);
    const error = await registerWebhook(db, 'busy-partner', { url: 'https://93.184.216.34/hooks/extra', event: 'availability_update' }, noAllowance).catch(refusal);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(`${MAX_WEBHOOKS_PER_RESELLER} webhooks at most`) });
    // Nothing here may try the public address (no network): the later tests' changes would notify it.
    await db.delete(octoWebhooks).where(eq(octoWebhooks.resellerId, 'busy-partner'));
  });

  const sendTo = async (url: string, policy: EgressPolicy) => {
    const id = `wh_${crypto.randomUUID()}`;
    await db.insert(octoWebhooks).values({ id, resellerId: 'partner', event: 'booking_update', url, secret: 'whsec_test' });
    const handlers: JobHandlers = { 'webhook.deliver': (delivery, job) => deliverWebhook(db, delivery, job, policy) };
    const [job] = await db.insert(jobs).values({ kind: 'webhook.deliver', payload: { webhookId: id, event: 'booking_update', body: '{"event":"booking_update"}' }, maxAttempts: 12 }).returning();
    await runJobs(db, handlers, new Date(serverNow().getTime() + 1_000), crypto.randomUUID());
    const [after] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
    return after!;
  };

  it.each(INTERNAL_URLS)('refuses to deliver to %s, at once and for good', async (url) => {
    const job = await sendTo(url, noAllowance);
    expect(job).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringMatching(/refused/) });
  });

  it('reaches the loopback receiver only when the operator allows loopback', async () => {
    const refused = await sendTo(receiver.url, noAllowance);
    expect(refused).toMatchObject({ status: 'failed', lastError: expect.stringContaining('internal address (127.0.0.1)') });
    expect(receiver.received).toHaveLength(0);
    const sent = await sendTo(receiver.url, { ...noAllowance, allowed: parseNetworks('127.0.0.0/8') });
    expect(sent).toMatchObject({ status: 'done' });
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses at delivery a name that resolved to a public address at registration and resolves inside now (DNS rebinding)', async () => {
    // The name points at the loopback receiver's port: had the delivery trusted the first answer, or
    // looked the name up again to connect, the receiver would hear from it.
    let answer = '93.184.216.34';
    const rebinding: EgressPolicy = { ...noAllowance, lookup: async () => [answer] };
    const url = `http://hooks.rebinding.example:${new URL(receiver.url).port}/hooks`;
    const hook = await registerWebhook(db, 'rebinding-partner', { url, event: 'booking_update' }, rebinding);
    expect(hook).toMatchObject({ url });
    answer = '127.0.0.1';
    const id = (await enqueue(db, 'webhook.deliver', { webhookId: hook.id, event: 'booking_update', body: '{"event":"booking_update"}' }, { wake: false }))!;
    const before = receiver.received.length;
    await runJobs(db, { 'webhook.deliver': (delivery, job) => deliverWebhook(db, delivery, job, rebinding) }, new Date(serverNow().getTime() + 1_000), crypto.randomUUID());
    const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('internal address (127.0.0.1)') });
    expect(receiver.received).toHaveLength(before);
    await db.delete(octoWebhooks).where(eq(octoWebhooks.id, hook.id));
  });

  it('follows no redirect: a receiver answering one fails the delivery for good', async () => {
    const redirecting = await startWebhookReceiver([302]);
    try {
      const job = await sendTo(redirecting.url, { ...noAllowance, allowed: parseNetworks('127.0.0.1') });
      expect(job).toMatchObject({ status: 'failed', lastError: expect.stringContaining('redirect (302)') });
      expect(redirecting.received).toHaveLength(1);
    } finally {
      await redirecting.close();
    }
  });

  it('deletes a revoked reseller’s webhooks and cancels its pending deliveries; another reseller’s stay', async () => {
    const allowLoopback = { allowed: parseNetworks('127.0.0.0/8') };
    await syncResellers(db, [
      { id: 'leaving', key: 'leaving-key-0123456789' },
      { id: 'staying', key: 'staying-key-0123456789' },
    ]);
    const leavingHook = await registerWebhook(db, 'leaving', { url: receiver.url, event: 'booking_update' }, allowLoopback);
    const stayingHook = await registerWebhook(db, 'staying', { url: receiver.url, event: 'booking_update' }, allowLoopback);
    for (const resellerId of ['leaving', 'staying']) {
      const supplier = createLocalSupplier(db, { resellerId, onChange: webhookNotifier });
      const day = await openDay(supplier, 'main-deck', 'main-deck-day', 30);
      await supplier.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: await firstSlot(supplier, 'main-deck', 'main-deck-day', day), unitItems: adults(1) });
    }
    const pendingFor = async (webhookId: string) =>
      (await db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'))).filter((j) => (j.payload as { webhookId: string }).webhookId === webhookId);
    expect(await pendingFor(leavingHook.id)).toMatchObject([{ status: 'pending' }]);

    const sync = await syncResellers(db, [{ id: 'staying', key: 'staying-key-0123456789' }]);
    expect(sync).toMatchObject({ revoked: ['leaving'], webhooksDeleted: 1, deliveriesCancelled: 1 });
    expect(await db.select().from(octoWebhooks).where(eq(octoWebhooks.resellerId, 'leaving'))).toEqual([]);
    expect(await pendingFor(leavingHook.id)).toMatchObject([{ status: 'failed', lastError: 'cancelled: the reseller was revoked' }]);

    const before = receiver.received.length;
    await runJobs(db, { 'webhook.deliver': (delivery, job) => deliverWebhook(db, delivery, job, allowLoopback) }, new Date(serverNow().getTime() + 1_000), crypto.randomUUID());
    const sent = receiver.received.slice(before).map((r) => r.json.webhookId);
    expect(sent).toEqual([stayingHook.id]);
  });

  it('lets a receiver that never answers delay no other webhook, and cost one timeout per pass', { timeout: 30_000 }, async () => {
    const allowLoopback = { allowed: parseNetworks('127.0.0.0/8') };
    const silent = http.createServer(() => {
      // Never answers: the delivery's own timeout ends it.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slowUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`;
      const slow = await registerWebhook(db, 'slow-partner', { url: slowUrl, event: 'booking_update' }, allowLoopback);
      const fast = await registerWebhook(db, 'fast-partner', { url: receiver.url, event: 'booking_update' }, allowLoopback);
      const body = (n: number) => JSON.stringify({ event: 'booking_update', n });
      // Three queued for the dead receiver first, then one for the live one.
      for (let n = 0; n < 3; n++) await enqueue(db, 'webhook.deliver', { webhookId: slow.id, event: 'booking_update', body: body(n) }, { wake: false });
      await enqueue(db, 'webhook.deliver', { webhookId: fast.id, event: 'booking_update', body: body(9) }, { wake: false });
      const before = receiver.received.length;
      const started = Date.now();
      let fastArrivedAfter: number | undefined;
      const watching = vi.waitFor(
        () => {
          if (receiver.received.length === before) throw new Error('not yet');
          fastArrivedAfter = Date.now() - started;
        },
        { timeout: 20_000, interval: 20 },
      );
      const run = await runJobs(db, { 'webhook.deliver': (delivery, job) => deliverWebhook(db, delivery, job, allowLoopback) }, new Date(serverNow().getTime() + 1_000), crypto.randomUUID());
      await watching;
      const took = Date.now() - started;
      expect(fastArrivedAfter!).toBeLessThan(WEBHOOK_TIMEOUT_MS / 2);
      // One timeout for the dead lane, not three.
      expect(took).toBeLessThan(2 * WEBHOOK_TIMEOUT_MS);
      expect(run).toMatchObject({ done: 1, retried: 1, givenBack: 2 });
      const slowJobs = (await db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'))).filter((j) => (j.payload as { webhookId: string }).webhookId === slow.id);
      expect(slowJobs.map((j) => [j.status, j.attempts]).sort()).toEqual([
        ['pending', 0],
        ['pending', 0],
        ['pending', 1],
      ]);
      await db.delete(octoWebhooks).where(eq(octoWebhooks.id, slow.id));
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('coalesces a slot’s unsent availability updates into its newest state, per webhook', async () => {
    const allowLoopback = { allowed: parseNetworks('127.0.0.0/8') };
    const hook = await registerWebhook(db, 'watcher', { url: receiver.url, event: 'availability_update' }, allowLoopback);
    const supplier = createLocalSupplier(db, { resellerId: 'watcher', onChange: webhookNotifier });
    const day = await openDay(supplier, 'main-deck', 'main-deck-day', 31);
    const availabilityId = await firstSlot(supplier, 'main-deck', 'main-deck-day', day);
    for (let i = 0; i < 3; i++) await supplier.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId, unitItems: adults(1) });
    const queued = (await db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'))).filter(
      (j) => (j.payload as { webhookId: string }).webhookId === hook.id && j.status === 'pending',
    );
    expect(queued).toHaveLength(1);
    const [slot] = await supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day });
    const body = JSON.parse((queued[0]!.payload as { body: string }).body) as { availability: { vacancies: number } };
    expect(body.availability.vacancies).toBe(slot!.vacancies);
  });
});

describe.each(inject('backends'))('webhook destinations through /octo on $name', ({ url }) => {
  const register = async (hookUrl: string) => {
    const res = await fetch(`${url}/octo/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OCTO_KEY}`, 'content-type': 'application/json', 'octo-capabilities': 'octo/webhooks' },
      body: JSON.stringify({ url: hookUrl, event: 'booking_update' }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  // The test sites allow loopback (their receivers listen there); every other internal network is refused.
  it.each(['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.5/hook', 'http://[::1]/hook', 'http://[::ffff:a00:1]/hook', 'http://192.168.0.10/hook', `${url}/api/ops/redeem`])(
    'answers OCTO’s error for %s',
    async (hookUrl) => {
      expect(await register(hookUrl)).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST', errorMessage: expect.stringContaining('not allowed') } });
    },
  );
});
