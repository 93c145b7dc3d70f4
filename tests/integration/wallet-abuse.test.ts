// Apple Wallet's web service under abuse, in process, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// the log endpoint (no token in Apple's protocol) is rate-limited per client address and overall, bounded
// in lines and length, and logs a line's control characters escaped; a pass has at most
// MAX_DEVICES_PER_PASS devices, even when they register at once. Client addresses are real: each request
// leaves from an address of its own in 127/8.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appleWebServiceHandler } from '@/http/wallet/apple-web-service';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { MAX_DEVICES_PER_PASS, passAuthenticationToken, type AppleWebServiceDeps } from '@/modules/wallet/apple-web-service';
import { embeddedCheckoutDeps, signedUpMember } from '../support/checkout';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { testPassAuthority } from '../support/pass-authority';
import { openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';
import { setLogDestination } from '@/server/log';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const PASS_TYPE = 'pass.example.skypass';
const authority = testPassAuthority(PASS_TYPE);
const PER_ADDRESS = 3;
const OVERALL = 9;
const WINDOW_MS = 3_600_000;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

describe.each(TEST_BACKENDS)('the PassKit web service under abuse on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  let site: http.Server;
  let port: number;
  const secret = crypto.randomBytes(32).toString('hex');

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
    const service: AppleWebServiceDeps = {
      db: database.db,
      config: authority.config,
      secret,
      siteUrl: 'https://tickets.example',
      logLimits: { perAddress: { max: PER_ADDRESS, windowMs: WINDOW_MS }, overall: { max: OVERALL, windowMs: WINDOW_MS } },
    };
    site = http.createServer(appleWebServiceHandler(async () => service));
    port = await new Promise<number>((resolve) => site.listen(0, '127.0.0.1', () => resolve((site.address() as AddressInfo).port)));
  });
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
    await database?.dispose();
  });

  /** One request to the web service, sent from `from` (an address in 127/8). */
  const send = (from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, localAddress: from, method, path: `/api/wallet/apple/v1/${path}`, headers: { 'content-type': 'application/json', ...headers } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  const postLog = (from: string, logs: unknown) => send(from, 'POST', 'log', { logs });

  // The tests below share the overall log allowance: they run in order and count what they spend.
  it('logs a line with its control characters escaped, so a newline forges no entry; too many or too long lines are refused', async () => {
    // The logger's destination, captured: its JSON lines (src/server/log.ts).
    const written: string[] = [];
    setLogDestination({ write: (line: string) => written.push(line) });
    try {
      const forged = 'hello\n[wallet] the operator key is wrong\r\u0085\u2028end';
      expect((await postLog('127.0.0.4', [forged])).status).toBe(200);
      const warnings = written.map((line) => JSON.parse(line) as { level: string; msg: string }).filter((line) => line.level === 'warn');
      expect(warnings.map((line) => line.msg)).toEqual(['[wallet] Apple Wallet says: hello\\u000a[wallet] the operator key is wrong\\u000d\\u0085\\u2028end']);
      // One line each: nothing in a message can start another.
      expect(written.every((line) => /^\{[^\n]*\}\n$/.test(line))).toBe(true);
    } finally {
      setLogDestination(undefined);
    }
    expect((await postLog('127.0.0.4', Array.from({ length: 21 }, (_, i) => `line ${i}`))).status).toBe(400);
    expect((await postLog('127.0.0.4', ['x'.repeat(1_001)])).status).toBe(400);
  });

  it('limits log posts per client address and from everyone together (429 with Retry-After)', async () => {
    // 3 spent above, by 127.0.0.4.
    for (let i = 0; i < PER_ADDRESS; i++) expect((await postLog('127.0.0.2', ['a line'])).status).toBe(200);
    const refused = await postLog('127.0.0.2', ['a line']);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED' });
    // 7 spent: another address has its own allowance, until everyone's together is used up.
    expect((await postLog('127.0.0.3', ['a line'])).status).toBe(200);
    expect((await postLog('127.0.0.3', ['a line'])).status).toBe(200);
    expect((await postLog('127.0.0.3', ['a line'])).status).toBe(429);
  });

  async function ticket(daysAhead: number): Promise<string> {
    const deps = embeddedCheckoutDeps(database.db, () => serverNow());
    const member = await signedUpMember(database.db, 'devices');
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 4);
    const [slot] = (await deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day })).filter((s) => s.available);
    const started = await startCheckout(deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot!.id }, 'en');
    await deps.gateway.pay(started.paymentSession.id, CARD);
    const { order } = await completeCheckout(deps, started.paymentSession.id);
    return order.tickets![0]!.reference;
  }

  const register = (serial: string, device: string) =>
    send('127.0.0.5', 'POST', `devices/${device}/registrations/${PASS_TYPE}/${serial}`, { pushToken: crypto.randomBytes(32).toString('hex') }, {
      authorization: `ApplePass ${passAuthenticationToken(secret, serial)}`,
    });

  it(`registers a pass on at most ${MAX_DEVICES_PER_PASS} devices: beyond, 401; a device already registered or a freed place is fine`, async () => {
    const serial = await ticket(40);
    for (let i = 0; i < MAX_DEVICES_PER_PASS; i++) expect((await register(serial, `device${i}`)).status).toBe(201);
    expect((await register(serial, 'one-too-many')).status).toBe(401);
    expect((await register(serial, 'device0')).status).toBe(200);
    const unregistered = await send('127.0.0.5', 'DELETE', `devices/device0/registrations/${PASS_TYPE}/${serial}`, undefined, {
      authorization: `ApplePass ${passAuthenticationToken(secret, serial)}`,
    });
    expect(unregistered.status).toBe(200);
    expect((await register(serial, 'one-too-many')).status).toBe(201);
  });

  it('keeps the cap when devices register all at once', async () => {
    const serial = await ticket(41);
    const answers = await Promise.all(Array.from({ length: MAX_DEVICES_PER_PASS + 6 }, (_, i) => register(serial, `rush${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_DEVICES_PER_PASS);
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
  });
});
