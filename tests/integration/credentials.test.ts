// Credentials: the published demo keys open nothing outside demo mode, even on a database the demo used;
// the resellers in the database are those configured (a removed one is revoked, its holds released);
// reserved reseller ids stop the start; wrong bearer keys are throttled per client address.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { hashKey, resellerForKey, syncResellers } from '@/modules/resellers/reseller-keys';
import { serverNow, setServerClock } from '@/server/clock';
import { octoResellers } from '@/server/db/schema';
import { DEMO_OPS_KEY, DEMO_RESELLER } from '@/server/demo-keys';
import { openTestDatabase } from '../support/database';
import { freePort, spawnSite, startSite, type RunningServer } from '../support/server';
import { OCTO_KEY, OPS_KEY, TEST_SITE_ENV, TEST_TICKET_KEY } from './sites';
import { adults, firstSlot, openDay } from './supplier-scenarios';

const PARTNER = { id: 'partner', key: 'partner-key-0123456789abcdef' };
const PRODUCTION = { SKYPASS_DEMO: 'false', SMTP_URL: 'smtp://127.0.0.1:9', NEXTAUTH_SECRET: 'credentials-test-secret-credentials-test-secret', TICKET_SIGNING_KEY: TEST_TICKET_KEY };

const octo = (site: string, key: string) => fetch(`${site}/octo/products`, { headers: { authorization: `Bearer ${key}` } });
const redeem = (site: string, key: string, address?: string) =>
  fetch(`${site}/api/ops/redeem`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ reference: 'SKY-NOPE00' }),
  });

describe('resellers at start-up, in process', () => {
  it('registers the configured ones, revokes the others and releases their holds; a demo key opens nothing outside demo mode', async () => {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      await syncResellers(db, [DEMO_RESELLER, PARTNER]);
      const demo = createLocalSupplier(db, { resellerId: DEMO_RESELLER.id });
      const day = await openDay(demo, 'sunrise', 'sunrise-weekend', 10, 4);
      const availabilityId = await firstSlot(demo, 'sunrise', 'sunrise-weekend', day);
      const hold = await demo.createBooking({ productId: 'sunrise', optionId: 'sunrise-weekend', availabilityId, unitItems: adults(4) });
      expect(await resellerForKey(db, DEMO_RESELLER.key, true)).toBe(DEMO_RESELLER.id);
      // Outside demo mode the published key is refused even while its row is still there.
      expect(await resellerForKey(db, DEMO_RESELLER.key, false)).toBeUndefined();

      expect(await syncResellers(db, [PARTNER])).toEqual({ registered: ['partner'], revoked: ['demo-reseller'], holdsReleased: 1, webhooksDeleted: 0, deliveriesCancelled: 0 });
      expect(await resellerForKey(db, DEMO_RESELLER.key, true)).toBeUndefined();
      expect(await resellerForKey(db, PARTNER.key, false)).toBe('partner');
      expect(await demo.getBooking(hold.uuid)).toMatchObject({ status: 'CANCELLED' });
      const [slot] = await demo.availability({ productId: 'sunrise', optionId: 'sunrise-weekend', localDateStart: day, localDateEnd: day });
      // The sunrise's 10 places less the one kept for members, which a reseller does not see (decision 0041).
      expect(slot!.vacancies).toBe(9);

      // A key given to another reseller moves with it; the database then holds exactly the configured.
      await syncResellers(db, [{ id: 'successor', key: PARTNER.key }]);
      expect(await db.select().from(octoResellers)).toEqual([{ id: 'successor', keyHash: hashKey(PARTNER.key) }]);
    } finally {
      await database.dispose();
    }
  });
});

describe('a production start on a database the demo used', () => {
  let dataDir: string;
  let demo: RunningServer | undefined;
  let production: RunningServer | undefined;
  let demoHold: string;
  // A production site runs on the real time whatever it is told (decision 0031): the demo before it, and
  // this test's days, do too, so that the demo's hold is a day the production site sells.
  const fixedOffset = serverNow().getTime() - Date.now();

  beforeAll(async () => {
    setServerClock(new Date());
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-credentials-'));
    demo = await startSite({ SKYPASS_DEMO: 'true', DATA_DIR: dataDir });
    // The demo's published keys work in the demo: a reseller holds places, the operator API answers.
    const reseller = createOctoClient({ baseUrl: `${demo.url}/octo`, apiKey: DEMO_RESELLER.key });
    const day = await openDay(reseller, 'main-deck', 'main-deck-day', 20, 10);
    demoHold = await firstSlot(reseller, 'main-deck', 'main-deck-day', day);
    await reseller.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: demoHold, unitItems: adults(10), expirationMinutes: 600 });
    const redeemed = await redeem(demo.url, DEMO_OPS_KEY);
    expect(await redeemed.json()).toEqual({ error: 'No booking has the reference SKY-NOPE00', code: 'NOT_FOUND' });
    await demo.stop();
    // The demo's tickets keep verifying: production signs with the key the demo made (decision 0033).
    const demoKey = fs.readFileSync(path.join(dataDir, 'ticket-signing-key'), 'utf8').trim();
    production = await startSite({ ...PRODUCTION, TICKET_SIGNING_KEY: demoKey, DATA_DIR: dataDir, OCTO_RESELLER_KEYS: `${PARTNER.id}:${PARTNER.key}` });
  }, 120_000);

  afterAll(async () => {
    setServerClock(new Date(Date.now() + fixedOffset));
    await demo?.stop();
    await production?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the demo OCTO key, which was revoked with its holds', async () => {
    const res = await octo(production!.url, DEMO_RESELLER.key);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'FORBIDDEN', errorMessage: 'You sent an API Key that was invalid or has been revoked' });
    expect(production!.log()).toContain('[skypass] resellers revoked: demo-reseller (1 unpaid holds released, 0 webhooks deleted)');
    const partner = createOctoClient({ baseUrl: `${production!.url}/octo`, apiKey: PARTNER.key });
    const day = demoHold.slice(0, 10);
    const [slot] = (await partner.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day })).filter((s) => s.id === demoHold);
    expect(slot!.vacancies).toBe(slot!.capacity);
  });

  it('has no operator API for the demo key', async () => {
    const res = await redeem(production!.url, DEMO_OPS_KEY);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'The operator API is off: set OPS_API_KEY', code: 'NOT_FOUND' });
  });
});

describe('start-up refusals', () => {
  const refusal = async (env: Record<string, string>) => {
    const { child, output } = spawnSite({ DATA_DIR: '/nonexistent/never-used', ...env }, await freePort());
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    return output();
  };

  it('refuses a reseller id reserved for the site, in one line', async () => {
    expect(await refusal({ SKYPASS_DEMO: 'true', OCTO_RESELLER_KEYS: 'website:website-key-0123456789' })).toContain(
      `Skypass will not start: OCTO_RESELLER_KEYS: the reseller id "website" is reserved for the site's own bookings; choose another id\n`,
    );
  });

  it('refuses the published operator key outside demo mode', async () => {
    expect(await refusal({ ...PRODUCTION, OPS_API_KEY: DEMO_OPS_KEY })).toContain(
      'Skypass will not start: OPS_API_KEY is the published demo key: choose a key of your own outside demo mode\n',
    );
  });
});

describe.each(inject('backends'))('wrong bearer keys on $name', ({ url }) => {
  const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
  const from = (headers: Record<string, string>) => ({ ...headers, 'x-forwarded-for': address, 'content-type': 'application/json' });

  it('are throttled per client address across the operator API, the OCTO API and the webhook (429, Retry-After); the right keys still pass', async () => {
    const wrong = 'a-wrong-key-0123456789';
    const limit = 10; // RATE_LIMIT_KEY_FAILURES_PER_IP's default
    const tryWrong = (i: number) =>
      i % 3 === 0
        ? fetch(`${url}/api/ops/redeem`, { method: 'POST', headers: from({ authorization: `Bearer ${wrong}` }), body: '{"reference":"SKY-NOPE00"}' })
        : i % 3 === 1
          ? fetch(`${url}/octo/products`, { headers: from({ authorization: `Bearer ${wrong}` }) })
          : fetch(`${url}/api/octo/webhook`, { method: 'POST', headers: from({ authorization: `Bearer ${wrong}` }), body: '{"booking":{"uuid":"x","status":"REDEEMED"}}' });
    for (let i = 0; i < limit; i++) expect([401, 403]).toContain((await tryWrong(i)).status);
    // Past the limit a wrong key is refused with 429, in each API's own shape.
    const ops = await tryWrong(0);
    expect(ops.status).toBe(429);
    expect(Number(ops.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await ops.json()).toEqual({ error: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' });
    const octo = await tryWrong(1);
    expect(octo.status).toBe(429);
    expect(await octo.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
    expect((await tryWrong(2)).status).toBe(429);

    // The right keys from the same address are never locked out by the wrong ones.
    const rightOps = await fetch(`${url}/api/ops/redeem`, { method: 'POST', headers: from({ authorization: `Bearer ${OPS_KEY}` }), body: '{"reference":"SKY-NOPE00"}' });
    expect(rightOps.status).toBe(404);
    const reseller = await fetch(`${url}/octo/products`, { headers: from({ authorization: `Bearer ${OCTO_KEY}` }) });
    expect(reseller.status).toBe(200);
    const hook = await fetch(`${url}/api/octo/webhook`, {
      method: 'POST',
      headers: from({ authorization: `Bearer ${TEST_SITE_ENV.OCTO_WEBHOOK_SECRET}` }),
      body: '{"booking":{"uuid":"x","status":"CONFIRMED"}}',
    });
    expect([401, 429]).not.toContain(hook.status);
    expect(hook.status).toBeLessThan(500);

    // Another address is not affected.
    const elsewhere = await fetch(`${url}/api/ops/redeem`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      body: '{"reference":"SKY-NOPE00"}',
    });
    expect(elsewhere.status).toBe(404);
  });

  it('counts the address the proxy saw, not one the client wrote in X-Forwarded-For', async () => {
    const real = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    // checkEmail allows RATE_LIMIT_LOOKUP_PER_IP per client address; a new first entry each time changes nothing.
    const limit = Number(TEST_SITE_ENV.RATE_LIMIT_LOOKUP_PER_IP.split('/')[0]);
    const check = (spoofed: string) =>
      fetch(`${url}/api/checkEmail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `${spoofed}, ${real}` },
        body: JSON.stringify({ email: `spoof.${spoofed}@example.com` }),
      });
    for (let i = 0; i < limit; i++) expect((await check(`10.9.${i}.1`)).status).toBe(200);
    const refused = await check('10.9.250.1');
    expect(refused.status).toBe(429);
  });
});
