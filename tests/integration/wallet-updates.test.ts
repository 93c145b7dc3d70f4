// Wallet passes kept up to date, in process, on PGlite and (with TEST_DATABASE_URL) PostgreSQL. Apple: the
// PassKit web service served over HTTP from a node:http server of the test, passes signed by a test
// authority, and a local HTTP/2 TLS server playing APNs that asks for the pass type certificate. Google:
// a local HTTP server playing the OAuth2 token endpoint and the Wallet API.
import crypto from 'node:crypto';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApnsPushService } from '@/adapters/wallet/apns-http2';
import { createGoogleWalletObjects, WALLET_SCOPE } from '@/adapters/wallet/google-wallet-rest';
import { appleWebServiceHandler } from '@/http/wallet/apple-web-service';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { changeBooking } from '@/modules/bookings/change-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { passAuthenticationToken, type AppleWebServiceDeps } from '@/modules/wallet/apple-web-service';
import { pushToWallet, type WalletPushDeps } from '@/modules/wallet/deliver-pass-updates';
import { jobs } from '@/server/db/schema';
import { embeddedCheckoutDeps, signedUpMember } from '../support/checkout';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { runJobs } from '../support/jobs';
import { testPassAuthority, unzipStored } from '../support/pass-authority';
import { openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const PASS_TYPE = 'pass.example.skypass';
const authority = testPassAuthority(PASS_TYPE);

/** A runner's pass over the due `wallet.push` jobs, at `now`. */
const deliverWalletPushes = (deps: WalletPushDeps, now?: Date) => runJobs(deps.db, { 'wallet.push': (push) => pushToWallet(deps, push) }, now);

const listen = (server: http.Server | http2.Http2SecureServer) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** APNs' stand-in: answers 200 to every push and records it, with the client certificate's subject. */
async function startApns() {
  const pushes: { path: string; topic: string; clientCertificate: string; body: string }[] = [];
  const server = http2.createSecureServer({ ...authority.serverCertificate(), ca: authority.caPem, requestCert: true, rejectUnauthorized: true });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk));
    stream.on('end', () => {
      const peer = (stream.session?.socket as tls.TLSSocket).getPeerCertificate();
      pushes.push({ path: String(headers[':path']), topic: String(headers['apns-topic']), clientCertificate: String(peer.subject?.CN), body });
      stream.respond({ ':status': 200, 'apns-id': crypto.randomUUID() });
      stream.end();
    });
  });
  const port = await listen(server);
  return { pushes, url: `https://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(TEST_BACKENDS)('wallet passes updated on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  let deps: ReturnType<typeof embeddedCheckoutDeps>;
  let service: AppleWebServiceDeps;
  let site: http.Server;
  let base: string;
  let apns: Awaited<ReturnType<typeof startApns>>;
  const secret = crypto.randomBytes(32).toString('hex');

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
    deps = embeddedCheckoutDeps(database.db, () => serverNow());
    service = { db: database.db, config: authority.config, secret, siteUrl: 'https://tickets.example', logLimits: { perAddress: { max: 100, windowMs: 900_000 }, overall: { max: 100, windowMs: 900_000 } } };
    site = http.createServer(appleWebServiceHandler(async () => service));
    base = `http://127.0.0.1:${await listen(site)}/api/wallet/apple/v1`;
    apns = await startApns();
  });
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
    await apns?.close();
    await database?.dispose();
  });

  async function booked(quantities: Record<string, number>, daysAhead: number) {
    const member = await signedUpMember(database.db, 'wallet');
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 4);
    const slots = (await deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day })).filter((s) => s.available);
    const started = await startCheckout(deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedTime: slots[0]!.id }, 'fr');
    await deps.gateway.pay(started.paymentSession.id, CARD);
    const { order } = await completeCheckout(deps, started.paymentSession.id);
    return { member, order, otherTime: slots[1]!.id };
  }

  const auth = (serial: string) => ({ authorization: `ApplePass ${passAuthenticationToken(secret, serial)}` });
  const register = (device: string, serial: string, pushToken: string, headers = auth(serial)) =>
    fetch(`${base}/devices/${device}/registrations/${PASS_TYPE}/${serial}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ pushToken }),
    });
  const apnsPushes = () => ({ db: database.db, apple: createApnsPushService({ baseUrl: apns.url, cert: authority.config.signerCert, key: authority.config.signerKey, ca: authority.caPem }) });
  async function latestPassJson(serial: string) {
    const res = await fetch(`${base}/passes/${PASS_TYPE}/${serial}`, { headers: auth(serial) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const files = unzipStored(Buffer.from(await res.arrayBuffer()));
    return { pass: JSON.parse(files.get('pass.json')!.toString()), lastModified: res.headers.get('last-modified')!, files };
  }

  it('a change: the registered device is pushed, the serial is listed as updated, the latest pass is voided and says the new time', async () => {
    const { member, order, otherTime } = await booked({ adult: 1 }, 30);
    const serial = order.tickets![0]!.reference;
    const device = `device${crypto.randomBytes(6).toString('hex')}`;
    const pushToken = crypto.randomBytes(32).toString('hex');

    expect((await register(device, serial, pushToken)).status).toBe(201);
    expect((await register(device, serial, pushToken)).status).toBe(200);
    const listed = await fetch(`${base}/devices/${device}/registrations/${PASS_TYPE}`);
    expect(await listed.json()).toMatchObject({ serialNumbers: [serial] });
    const before = await latestPassJson(serial);
    expect(before.pass).toMatchObject({ serialNumber: serial, webServiceURL: 'https://tickets.example/api/wallet/apple', authenticationToken: passAuthenticationToken(secret, serial) });
    expect(before.pass.voided).toBeUndefined();
    const tag = String(Date.now());
    expect((await fetch(`${base}/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`)).status).toBe(204);

    await changeBooking(deps, member, { bookingId: order.supplierReference, quantities: { adult: 1 }, selectedTime: otherTime, confirm: true }, 'fr');
    const pushService = apnsPushes();
    const run = await deliverWalletPushes(pushService);
    pushService.apple.close();
    // The push to the device, and the Google object's (no Google Wallet configured: nothing to do).
    expect(run).toMatchObject({ done: 2, retried: 0, failed: 0 });
    expect(apns.pushes.filter((p) => p.path === `/3/device/${pushToken}`)).toEqual([
      { path: `/3/device/${pushToken}`, topic: PASS_TYPE, clientCertificate: `Pass Type ID: ${PASS_TYPE}`, body: '{}' },
    ]);

    const updated = await fetch(`${base}/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`);
    expect(updated.status).toBe(200);
    const { serialNumbers, lastUpdated } = (await updated.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([serial]);
    expect(Number(lastUpdated)).toBeGreaterThanOrEqual(Number(tag));
    expect((await fetch(`${base}/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`)).status).toBe(204);

    const after = await latestPassJson(serial);
    expect(after.pass.voided).toBe(true);
    const status = after.pass.eventTicket.backFields.find((f: { key: string }) => f.key === 'status');
    expect(status.value).toContain('remplacé');
    expect(status.value).toMatch(/\d{1,2}:\d{2}/);
    // The signed manifest covers the voided pass.json.
    expect(JSON.parse(after.files.get('manifest.json')!.toString())['pass.json']).toBe(crypto.createHash('sha1').update(after.files.get('pass.json')!).digest('hex'));
    const unchanged = await fetch(`${base}/passes/${PASS_TYPE}/${serial}`, { headers: { ...auth(serial), 'if-modified-since': after.lastModified } });
    expect(unchanged.status).toBe(304);
  });

  it('a cancellation voids the booking\'s passes and pushes every registered device', async () => {
    const { member, order } = await booked({ adult: 2 }, 31);
    const [first, second] = order.tickets!.map((t) => t.reference) as [string, string];
    const tokens = [crypto.randomBytes(32).toString('hex'), crypto.randomBytes(32).toString('hex')];
    expect((await register('phone1', first, tokens[0]!)).status).toBe(201);
    expect((await register('phone2', second, tokens[1]!)).status).toBe(201);

    await cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: { kind: 'member', userId: member.userId, email: member.email } });
    const pushService = apnsPushes();
    await deliverWalletPushes(pushService);
    pushService.apple.close();
    expect(apns.pushes.map((p) => p.path)).toEqual(expect.arrayContaining(tokens.map((t) => `/3/device/${t}`)));
    for (const serial of [first, second]) {
      const { pass } = await latestPassJson(serial);
      expect(pass.voided).toBe(true);
      expect(pass.eventTicket.backFields.find((f: { key: string }) => f.key === 'status').value).toBe('Cette réservation a été annulée ; ce billet ne permet plus d\'entrer.');
    }
    // Unregistering: the device's list is empty.
    expect((await fetch(`${base}/devices/phone1/registrations/${PASS_TYPE}/${first}`, { method: 'DELETE', headers: auth(first) })).status).toBe(200);
    expect((await fetch(`${base}/devices/phone1/registrations/${PASS_TYPE}`)).status).toBe(204);
  });

  it('refuses a wrong token with 401 and an unknown serial with 404, registering nothing', async () => {
    const { order } = await booked({ adult: 1 }, 32);
    const serial = order.tickets![0]!.reference;
    expect((await register('intruder', serial, 'token', auth('TKT-OTHER'))).status).toBe(401);
    expect((await register('intruder', serial, 'token', {} as never)).status).toBe(401);
    expect((await fetch(`${base}/passes/${PASS_TYPE}/${serial}`, { headers: auth('TKT-OTHER') })).status).toBe(401);
    expect((await register('intruder', 'TKT-NOSUCH', 'token', auth('TKT-NOSUCH'))).status).toBe(404);
    expect((await fetch(`${base}/passes/${PASS_TYPE}/TKT-NOSUCH`, { headers: auth('TKT-NOSUCH') })).status).toBe(404);
    expect((await fetch(`${base}/devices/intruder/registrations/${PASS_TYPE}`)).status).toBe(204);
    expect((await fetch(`${base}/log`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ logs: ['a device says hello'] }) })).status).toBe(200);
  });

  it('Google: the replaced tickets\' objects are set INACTIVE with a valid service-account token; a 404 is done, a 500 is retried', async () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const issuerId = '3388000000022222222';
    const { member, order, otherTime } = await booked({ adult: 2 }, 33);
    const [kept, neverSaved] = order.tickets!.map((t) => t.reference) as [string, string];
    const assertions: string[] = [];
    const patches: { id: string; body: unknown; authorization?: string }[] = [];
    let failuresLeft = 1;
    const google = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        if (req.url === '/token') {
          assertions.push(new URLSearchParams(body).get('assertion')!);
          res.setHeader('content-type', 'application/json');
          return res.end(JSON.stringify({ access_token: 'ya29.test-token', expires_in: 3600, token_type: 'Bearer' }));
        }
        const id = decodeURIComponent(req.url!.replace('/walletobjects/v1/eventTicketObject/', ''));
        if (req.method !== 'PATCH') return res.writeHead(405).end();
        patches.push({ id, body: JSON.parse(body), authorization: req.headers.authorization });
        if (id.endsWith(neverSaved)) return res.writeHead(404).end('{}');
        if (failuresLeft-- > 0) return res.writeHead(500).end('{}');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id, state: 'INACTIVE' }));
      });
    });
    const port = await listen(google);
    const objects = createGoogleWalletObjects({
      serviceAccountEmail: 'wallet@skypass-test.iam.gserviceaccount.com',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      apiBase: `http://127.0.0.1:${port}`,
      tokenUrl: `http://127.0.0.1:${port}/token`,
    });
    try {
      await changeBooking(deps, member, { bookingId: order.supplierReference, quantities: { adult: 2 }, selectedTime: otherTime, confirm: true }, 'fr');
      const first = await deliverWalletPushes({ db: database.db, google: { issuerId, objects } });
      expect(first).toMatchObject({ done: 1, retried: 1 });
      const retry = await deliverWalletPushes({ db: database.db, google: { issuerId, objects } }, new Date(serverNow().getTime() + 3_600_000));
      expect(retry).toMatchObject({ done: 1, retried: 0 });

      expect(patches.map((p) => p.id).sort()).toEqual([`${issuerId}.${kept}`, `${issuerId}.${kept}`, `${issuerId}.${neverSaved}`].sort());
      expect(patches.every((p) => JSON.stringify(p.body) === '{"state":"INACTIVE"}' && p.authorization === 'Bearer ya29.test-token')).toBe(true);
      // One token, kept for the second run; its assertion is signed by the service account's key.
      expect(assertions).toHaveLength(1);
      const [header, claims, signature] = assertions[0]!.split('.') as [string, string, string];
      expect(crypto.verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
      expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
        iss: 'wallet@skypass-test.iam.gserviceaccount.com',
        scope: WALLET_SCOPE,
        aud: `http://127.0.0.1:${port}/token`,
      });
      const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'wallet.push'));
      const target = (job: (typeof rows)[number]) => (job.payload as { target: string }).target;
      const ofThisBooking = rows.filter((job) => target(job) === kept || target(job) === neverSaved);
      expect(ofThisBooking.map((job) => job.status)).toEqual(['done', 'done']);
      expect(ofThisBooking.find((job) => target(job) === kept)!.attempts).toBe(2);
    } finally {
      await new Promise((resolve) => google.close(resolve));
    }
  });
});
