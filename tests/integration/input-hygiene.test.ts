// NUL characters, lone surrogates and over-long values are refused with a 400 and a clear message on every
// route (ours, next-auth's, the OCTO API's), and nothing is written; so are malformed callback addresses.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { OCTO_KEY, OPS_KEY, TEST_SITE_ENV, Visitor, staffEmail, uniqueEmail } from './sites';

/** `asManager`: a staff call, which answers a member 404 before reading anything; sent as a manager. */
type Route = { method: 'GET' | 'POST'; path: string; json: boolean; headers?: Record<string, string>; asManager?: true };

const OPS = { authorization: `Bearer ${OPS_KEY}` };
const WEBHOOK = { authorization: `Bearer ${TEST_SITE_ENV.OCTO_WEBHOOK_SECRET}` };
const OCTO = { authorization: `Bearer ${OCTO_KEY}` };

/** Every API route file, and how it is called. `json: false`: it reads no body of ours (query only). */
const ROUTES: Record<string, Route[]> = {
  'auth/[...nextauth].ts': [
    { method: 'GET', path: '/api/auth/session', json: false },
    { method: 'GET', path: '/api/auth/callback/email', json: false },
  ],
  'auth/loyalty/getMembership.ts': [{ method: 'GET', path: '/api/auth/loyalty/getMembership', json: false }],
  'auth/octo/bookings/payWithPayment.ts': [{ method: 'POST', path: '/api/auth/octo/bookings/payWithPayment', json: true }],
  'auth/octo/bookings/refetchSession.ts': [{ method: 'POST', path: '/api/auth/octo/bookings/refetchSession', json: false }],
  'auth/octo/products/availability.ts': [{ method: 'POST', path: '/api/auth/octo/products/availability', json: true }],
  'auth/octo/products/availabilityCalendar.ts': [{ method: 'POST', path: '/api/auth/octo/products/availabilityCalendar', json: true }],
  'checkEmail.ts': [{ method: 'POST', path: '/api/checkEmail', json: true }],
  'signUp.ts': [{ method: 'POST', path: '/api/signUp', json: true }],
  'dev/outbox.ts': [{ method: 'GET', path: '/api/dev/outbox', json: false }],
  'dev/clock.ts': [{ method: 'POST', path: '/api/dev/clock', json: true }],
  'dev/session.ts': [{ method: 'POST', path: '/api/dev/session', json: true }],
  'metadata/getProducts.ts': [{ method: 'GET', path: '/api/metadata/getProducts', json: false }],
  'ops/redeem.ts': [{ method: 'POST', path: '/api/ops/redeem', json: true, headers: OPS }],
  'ops/mint-links.ts': [{ method: 'POST', path: '/api/ops/mint-links', json: true, headers: OPS }],
  'ops/cancel.ts': [{ method: 'POST', path: '/api/ops/cancel', json: true, headers: OPS }],
  'ops/resend.ts': [{ method: 'POST', path: '/api/ops/resend', json: true, headers: OPS }],
  'ops/today.ts': [{ method: 'POST', path: '/api/ops/today', json: true, headers: OPS }],
  'ops/report.ts': [{ method: 'GET', path: '/api/ops/report', json: false, headers: OPS }],
  'ops/calendar/close.ts': [{ method: 'POST', path: '/api/ops/calendar/close', json: true, headers: OPS }],
  'ops/calendar/open.ts': [{ method: 'POST', path: '/api/ops/calendar/open', json: true, headers: OPS }],
  'ops/calendar/capacity.ts': [{ method: 'POST', path: '/api/ops/calendar/capacity', json: true, headers: OPS }],
  'octo/webhook.ts': [{ method: 'POST', path: '/api/octo/webhook', json: true, headers: WEBHOOK }],
  'octo/[...path].ts': [
    { method: 'GET', path: '/octo/products', json: false, headers: OCTO },
    { method: 'POST', path: '/octo/bookings', json: true, headers: OCTO },
  ],
  'payments/test/pay.ts': [{ method: 'POST', path: '/api/payments/test/pay', json: true }],
  'bookings/apple-pass.ts': [{ method: 'GET', path: '/api/bookings/apple-pass', json: false }],
  'wallet/apple/[...path].ts': [{ method: 'GET', path: '/api/wallet/apple/v1/passes/pass.example/TKT-1', json: false }],
  'bookings/calendar.ts': [{ method: 'GET', path: '/api/bookings/calendar', json: false }],
  'bookings/change.ts': [{ method: 'POST', path: '/api/bookings/change', json: true }],
  'bookings/cancel.ts': [{ method: 'POST', path: '/api/bookings/cancel', json: true }],
  'bookings/change-payment.ts': [{ method: 'POST', path: '/api/bookings/change-payment', json: true }],
  'waitlist/index.ts': [
    { method: 'GET', path: '/api/waitlist', json: false },
    { method: 'POST', path: '/api/waitlist', json: true },
  ],
  'waitlist/leave.ts': [{ method: 'POST', path: '/api/waitlist/leave', json: true }],
  'staff/waitlist.ts': [{ method: 'GET', path: '/api/staff/waitlist', json: false, asManager: true }],
  'ops/waitlist.ts': [{ method: 'POST', path: '/api/ops/waitlist', json: true, headers: OPS }],
  'ops/jobs/index.ts': [{ method: 'POST', path: '/api/ops/jobs', json: true, headers: OPS }],
  'ops/jobs/retry.ts': [{ method: 'POST', path: '/api/ops/jobs/retry', json: true, headers: OPS }],
  'staff/me.ts': [{ method: 'GET', path: '/api/staff/me', json: false, asManager: true }],
  'staff/audit.ts': [{ method: 'GET', path: '/api/staff/audit', json: false, asManager: true }],
  'staff/bookings/cancel.ts': [{ method: 'POST', path: '/api/staff/bookings/cancel', json: true, asManager: true }],
  'staff/bookings/index.ts': [{ method: 'GET', path: '/api/staff/bookings', json: false, asManager: true }],
  'staff/bookings/detail.ts': [{ method: 'GET', path: '/api/staff/bookings/detail', json: false, asManager: true }],
  'staff/bookings/resend.ts': [{ method: 'POST', path: '/api/staff/bookings/resend', json: true, asManager: true }],
  'staff/members/index.ts': [{ method: 'GET', path: '/api/staff/members', json: false, asManager: true }],
  'staff/members/record.ts': [{ method: 'GET', path: '/api/staff/members/record', json: false, asManager: true }],
  'staff/members/points.ts': [{ method: 'POST', path: '/api/staff/members/points', json: true, asManager: true }],
  'staff/catalog.ts': [
    { method: 'GET', path: '/api/staff/catalog', json: false, asManager: true },
    { method: 'POST', path: '/api/staff/catalog', json: true, asManager: true },
  ],
  // A photo's bytes, not JSON (decision 0055): only the query is ours to check.
  'staff/catalog/images.ts': [{ method: 'POST', path: '/api/staff/catalog/images', json: false, asManager: true }],
  'images/products/[file].ts': [{ method: 'GET', path: '/api/images/products/x.png', json: false }],
  'staff/program.ts': [
    { method: 'GET', path: '/api/staff/program', json: false, asManager: true },
    { method: 'POST', path: '/api/staff/program', json: true, asManager: true },
  ],
  'staff/gate/scan.ts': [{ method: 'POST', path: '/api/staff/gate/scan', json: true, asManager: true }],
  'staff/gate/undo.ts': [{ method: 'POST', path: '/api/staff/gate/undo', json: true, asManager: true }],
  'staff/gate/addon.ts': [{ method: 'POST', path: '/api/staff/gate/addon', json: true, asManager: true }],
  'auth/octo/products/addons.ts': [{ method: 'POST', path: '/api/auth/octo/products/addons', json: true }],
  'staff/reports/index.ts': [{ method: 'GET', path: '/api/staff/reports', json: false, asManager: true }],
  'staff/reports/csv.ts': [{ method: 'GET', path: '/api/staff/reports/csv', json: false, asManager: true }],
  'staff/today.ts': [{ method: 'GET', path: '/api/staff/today', json: false, asManager: true }],
  'staff/calendar/index.ts': [{ method: 'GET', path: '/api/staff/calendar', json: false, asManager: true }],
  'staff/calendar/day.ts': [{ method: 'GET', path: '/api/staff/calendar/day', json: false, asManager: true }],
  'staff/calendar/close.ts': [{ method: 'POST', path: '/api/staff/calendar/close', json: true, asManager: true }],
  'staff/calendar/open.ts': [{ method: 'POST', path: '/api/staff/calendar/open', json: true, asManager: true }],
  'staff/calendar/capacity.ts': [{ method: 'POST', path: '/api/staff/calendar/capacity', json: true, asManager: true }],
  'staff/gate/exit.ts': [{ method: 'POST', path: '/api/staff/gate/exit', json: true, asManager: true }],
  'staff/gate/offline.ts': [{ method: 'GET', path: '/api/staff/gate/offline', json: false, asManager: true }],
  'staff/gate/sync.ts': [{ method: 'POST', path: '/api/staff/gate/sync', json: true, asManager: true }],
  'staff/gift-cards/void.ts': [{ method: 'POST', path: '/api/staff/gift-cards/void', json: true, asManager: true }],
  'staff/promos/index.ts': [{ method: 'POST', path: '/api/staff/promos', json: true, asManager: true }],
  'staff/promos/pause.ts': [{ method: 'POST', path: '/api/staff/promos/pause', json: true, asManager: true }],
  'staff/onsales/index.ts': [{ method: 'POST', path: '/api/staff/onsales', json: true, asManager: true }],
  'staff/onsales/stop.ts': [{ method: 'POST', path: '/api/staff/onsales/stop', json: true, asManager: true }],
  'onsale/[id].ts': [
    { method: 'GET', path: '/api/onsale/00000000-0000-4000-8000-000000000000', json: false },
    { method: 'POST', path: '/api/onsale/00000000-0000-4000-8000-000000000000', json: false },
  ],
  'onsale/[id]/events.ts': [{ method: 'GET', path: '/api/onsale/00000000-0000-4000-8000-000000000000/events', json: false }],
  'staff/members/card.ts': [{ method: 'GET', path: '/api/staff/members/card', json: false, asManager: true }],
  'staff/till/index.ts': [{ method: 'GET', path: '/api/staff/till', json: false, asManager: true }],
  'staff/till/open.ts': [{ method: 'POST', path: '/api/staff/till/open', json: true, asManager: true }],
  'staff/till/close.ts': [{ method: 'POST', path: '/api/staff/till/close', json: true, asManager: true }],
  'staff/till/shifts.ts': [{ method: 'GET', path: '/api/staff/till/shifts', json: false, asManager: true }],
  'staff/sell/index.ts': [{ method: 'POST', path: '/api/staff/sell', json: true, asManager: true }],
  'staff/sell/pay.ts': [{ method: 'POST', path: '/api/staff/sell/pay', json: true, asManager: true }],
  'staff/sell/booking.ts': [{ method: 'GET', path: '/api/staff/sell/booking', json: false, asManager: true }],
  'staff/sell/refund.ts': [{ method: 'POST', path: '/api/staff/sell/refund', json: true, asManager: true }],
  'gift-cards/balance.ts': [{ method: 'POST', path: '/api/gift-cards/balance', json: true }],
  'gift-cards/buy.ts': [{ method: 'POST', path: '/api/gift-cards/buy', json: true }],
  'passes/index.ts': [{ method: 'GET', path: '/api/passes', json: false }],
  'passes/buy.ts': [{ method: 'POST', path: '/api/passes/buy', json: true }],
  'passes/renew.ts': [{ method: 'POST', path: '/api/passes/renew', json: true }],
  'passes/claim.ts': [{ method: 'POST', path: '/api/passes/claim', json: true }],
  'auth/program/guestPass.ts': [{ method: 'GET', path: '/api/auth/program/guestPass', json: false }],
  'moments/seen.ts': [{ method: 'POST', path: '/api/moments/seen', json: true }],
  'wallet/member-card/apple.ts': [{ method: 'GET', path: '/api/wallet/member-card/apple', json: false }],
  'health/index.ts': [{ method: 'GET', path: '/api/health', json: false }],
  'health/live.ts': [{ method: 'GET', path: '/api/health/live', json: false }],
  'metrics.ts': [{ method: 'GET', path: '/api/metrics', json: false, headers: OPS }],
  // Only Stripe's signed bytes are read there: an unsigned request is refused before anything is parsed.
  'payments/stripe/webhook.ts': [],
};

const NUL = 'Ana\u0000Lima';
const LONE_SURROGATE = 'Lima\uD800';
const LONG = 'x'.repeat(5_000);

/** The bad inputs a route can be sent, with the message each must get. */
function badRequests(route: Route): { name: string; url: string; body?: string; message: string }[] {
  // A JSON route reads its (harmless) body before the query's turn comes.
  const body = route.json ? '{}' : undefined;
  const cases = [
    { name: 'a NUL in the query', url: `${route.path}?name=Ana%00Lima`, body, message: 'name contains a character that is not allowed' },
    { name: 'an over-long query value', url: `${route.path}?name=${LONG}`, body, message: 'name is too long' },
  ];
  if (!route.json) return cases;
  return [
    ...cases,
    { name: 'a NUL in the body', url: route.path, body: JSON.stringify({ firstName: NUL }), message: 'firstName contains a character that is not allowed' },
    { name: 'a lone surrogate in the body', url: route.path, body: JSON.stringify({ contact: { lastName: LONE_SURROGATE } }), message: 'lastName contains a character that is not allowed' },
    { name: 'an over-long value in the body', url: route.path, body: JSON.stringify({ notes: LONG }), message: 'notes is too long' },
  ];
}

/** Rows in every table but the background work's: tokens issued for what earlier tests earned, and the
 * jobs table, where recurring jobs (the waitlist) add a row every few seconds. */
async function rowCounts(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'");
    const counts: Record<string, number> = {};
    for (const { table_name: table } of rows) {
      if (table === 'token_issues' || table === 'local_tokens' || table === 'jobs') continue;
      counts[table] = Number((await client.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0]!.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

describe('every API route has its input checks here', () => {
  it('lists every route file', () => {
    const root = path.join(process.cwd(), 'src/pages/api');
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => f.split(path.sep).join('/'));
    expect(files.sort()).toEqual(Object.keys(ROUTES).sort());
  });
});

describe.each(inject('backends'))('input hygiene on $name', ({ url, databaseUrl }) => {
  let member: Visitor;
  let memberEmail: string;
  let manager: Visitor;

  beforeAll(async () => {
    member = new Visitor(url);
    memberEmail = uniqueEmail('hygiene');
    await member.signIn(memberEmail);
    manager = new Visitor(url);
    await manager.signInAsStaff(staffEmail('manager', 12));
    // The welcome token is issued in the background a few seconds after the first sign-in: let it be.
    await member.membershipWhen((m) => m.tokens.length === 1);
  });

  it('refuses NUL, lone surrogates and over-long values with a 400 on every route, writing nothing', async () => {
    const before = databaseUrl ? await rowCounts(databaseUrl) : undefined;
    for (const route of Object.values(ROUTES).flat()) {
      for (const bad of badRequests(route)) {
        const res = await (route.asManager ? manager : member).request(bad.url, {
          method: route.method,
          headers: { ...(bad.body ? { 'content-type': 'application/json' } : {}), ...route.headers },
          body: bad.body,
        });
        const label = `${route.method} ${route.path}: ${bad.name}`;
        expect(res.status, label).toBe(400);
        const answer = (await res.json()) as Record<string, string>;
        // The OCTO API keeps OCTO's own error bodies.
        if (route.path.startsWith('/octo')) expect(answer, label).toEqual({ error: 'BAD_REQUEST', errorMessage: bad.message });
        else expect(answer, label).toEqual({ error: bad.message, code: 'BAD_REQUEST' });
      }
    }
    if (databaseUrl) expect(await rowCounts(databaseUrl)).toEqual(before);
  });

  it('writes no member and sends no e-mail for a refused sign-up or sign-in', async () => {
    const visitor = new Visitor(url, 'fr');
    const email = uniqueEmail('nul');
    const joined = await visitor.join(email, { firstName: NUL });
    expect(joined.status).toBe(400);
    expect(await joined.json()).toEqual({ error: 'firstName contient un caractère non autorisé', code: 'BAD_REQUEST' });
    expect(await (await visitor.postJson('/api/checkEmail', { email })).json()).toMatchObject({ exists: false });

    const csrfToken = await member.csrfToken();
    const signIn = await member.postForm('/api/auth/signin/email', { email: `${memberEmail}\u0000`, csrfToken, callbackUrl: '/profile', json: 'true' });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toEqual({ error: 'email contains a character that is not allowed', code: 'BAD_REQUEST' });
    expect((await member.outbox(memberEmail)).filter((m) => m.subject.includes('sign-in'))).toHaveLength(1);
  });

  it.each(['%', 'http://[', 'javascript:alert(1)'])('refuses the callbackUrl %j on sign-in (it gave a 500)', async (callbackUrl) => {
    const visitor = new Visitor(url);
    const csrfToken = await visitor.csrfToken();
    const form = await visitor.postForm('/api/auth/signin/email', { email: uniqueEmail('cb'), csrfToken, callbackUrl, json: 'true' });
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual({ error: 'callbackUrl is not valid', code: 'BAD_REQUEST' });
    const query = await visitor.request(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    expect(query.status).toBe(400);
  });

  it('refuses a malformed remembered callbackUrl (a cookie) and forgets it, instead of a 500', async () => {
    const res = await fetch(`${url}/api/auth/signin/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'next-auth.callback-url=http%3A%2F%2F%5B' },
      body: new URLSearchParams({ email: uniqueEmail('cookie'), csrfToken: 'x', callbackUrl: '/profile', json: 'true' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'callbackUrl is not valid', code: 'BAD_REQUEST' });
    expect(res.headers.getSetCookie().join()).toMatch(/next-auth\.callback-url=; Path=\/; Max-Age=0/);
  });

  it('answers a request address that does not decode with a 400 (from the framework), never a 500', async () => {
    for (const bad of ['/api/auth/%zz', '/octo/products/%ED%A0%80', '/api/auth/session/%E0%A4%A']) {
      expect((await member.request(bad)).status, bad).toBe(400);
    }
  });
});
