// Security headers and cross-site refusals, as a browser meets them: a Content-Security-Policy that lets
// every script of every page run and nothing else (no 'unsafe-inline', no 'unsafe-eval'); HSTS and Secure
// cookies only when the public address is https; calls from another site refused with a 403 in the
// visitor's language, except for the callers with a bearer key (resellers, webhooks, the operator).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSite, type RunningServer } from '../support/server';
import { OCTO_KEY, OPS_KEY, TEST_SITE_ENV, Visitor, uniqueEmail } from './sites';

const EVIL = 'https://evil.example';

/** The directives of a Content-Security-Policy header. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(policy!.split(';').map((d) => d.trim().split(/\s+/) as [string, ...string[]]).map(([name, ...values]) => [name, values]));
}

/** Every inline script of a page must be allowed by the policy: by its nonce or by its hash. */
function expectEveryScriptAllowed(html: string, scriptSrc: string[]) {
  const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
  let inline = 0;
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/.test(attributes)) {
      expect(/src="\/(?!\/)/.test(attributes) || scriptSrc.some((s) => attributes.includes(s)), attributes).toBe(true);
      continue;
    }
    if (!body || /type="application\/json"/.test(attributes)) continue;
    inline++;
    const hash = `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`;
    expect(scriptSrc.includes(hash) || (nonce !== undefined && attributes.includes(`nonce="${nonce}"`)), `inline script ${body.slice(0, 60)}`).toBe(true);
  }
  return inline;
}

const setCookies = (res: Response) => res.headers.getSetCookie();

describe.each(inject('backends'))('security headers on $name (public address http://)', ({ url }) => {
  it('gives every page a policy without unsafe scripts that still lets all of its scripts run', async () => {
    const visitor = new Visitor(url);
    await visitor.signIn(uniqueEmail('csp'));
    let inlineScripts = 0;
    // Prerendered pages (allowed by hash) and pages rendered per request (by nonce), in two languages.
    for (const path of ['/', '/products', '/login', '/fr/signup', '/ja/verifyRequest', '/error', '/profile', '/checkout', '/dev/mailbox', '/no-such-page']) {
      const res = await visitor.request(path);
      expect([200, 404], path).toContain(res.status);
      const csp = directives(res.headers.get('content-security-policy'));
      const scriptSrc = csp.get('script-src')!;
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc.join(' ')).not.toMatch(/stripe/);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      inlineScripts += expectEveryScriptAllowed(await res.text(), scriptSrc);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(inlineScripts).toBeGreaterThan(0);
  });

  it('makes a new nonce for every response', async () => {
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await fetch(`${url}/`)).headers.get('content-security-policy')!)![1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second).not.toBe(first);
  });

  it('sets cookies HttpOnly and SameSite=Lax, and not Secure over http', async () => {
    const res = await new Visitor(url).request('/api/auth/csrf');
    const [csrf] = setCookies(res).filter((c) => c.includes('csrf-token'));
    expect(csrf).toMatch(/^next-auth\.csrf-token=/);
    expect(csrf).toMatch(/; HttpOnly/i);
    expect(csrf).toMatch(/; SameSite=Lax/i);
    expect(csrf).not.toMatch(/; Secure/i);
  });
});

describe('a site whose public address is https, with Stripe on', () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await startSite({
      ...TEST_SITE_ENV,
      // TLS ends at a proxy in front of the site: it is reached over http, and known by its https address.
      NEXTAUTH_URL: 'https://tickets.skyline-tower.example',
      STRIPE_SECRET_KEY: 'sk_test_headers',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
      STRIPE_WEBHOOK_SECRET: 'whsec_headers',
    });
  });
  afterAll(async () => site?.stop());

  it('sends HSTS, upgrades requests and allows Stripe.js', async () => {
    const res = await fetch(`${site.url}/products`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com']));
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://checkout.stripe.com']));
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
  });

  it('sets every cookie Secure, under the names browsers reserve for secure cookies', async () => {
    const visitor = new Visitor(site.url);
    const email = uniqueEmail('secure');
    await visitor.join(email);
    const csrf = await visitor.request('/api/auth/csrf');
    const asked = await visitor.requestLink(email);
    expect(asked.status).toBe(200);
    const [message] = await visitor.outbox(email);
    // The link names the public address; the test reaches the site directly.
    const link = message!.text.match(/https:\/\/tickets\.skyline-tower\.example(\/api\/auth\/callback\/email\S+)/)![1]!;
    const signedIn = await visitor.request(link);
    const cookies = [...setCookies(csrf), ...setCookies(asked), ...setCookies(signedIn)];
    expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(expect.arrayContaining(['__Host-next-auth.csrf-token', '__Secure-next-auth.callback-url', '__Secure-next-auth.session-token']));
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
    }
    expect((await visitor.session()).user?.email).toBe(email);
  });
});

describe.each(inject('backends'))('calls from another site on $name', ({ url }) => {
  const contact = { firstName: 'Ana', lastName: 'Lima', phoneNumber: '+1 212 555 0100', country: 'US' };

  it('are refused on every call that changes something, in the visitor’s language, with nothing changed', async () => {
    const visitor = new Visitor(url);
    await visitor.signIn(uniqueEmail('target'));
    const stranger = uniqueEmail('forged');
    const csrfToken = await visitor.csrfToken();
    const evil = { origin: EVIL };
    const calls: [string, () => Promise<Response>][] = [
      ['signUp', () => visitor.postJson('/api/signUp', { email: stranger, contact }, evil)],
      ['checkEmail', () => visitor.postJson('/api/checkEmail', { email: stranger }, evil)],
      ['availability', () => visitor.postJson('/api/auth/octo/products/availability', {}, evil)],
      ['payWithPayment', () => visitor.postJson('/api/auth/octo/bookings/payWithPayment', {}, evil)],
      ['refetchSession', () => visitor.request('/api/auth/octo/bookings/refetchSession?uuid=x', { method: 'POST', headers: evil })],
      ['test card payment', () => visitor.postJson('/api/payments/test/pay', {}, evil)],
      ['sign-in e-mail', () => visitor.request('/api/auth/signin/email', { method: 'POST', headers: { ...evil, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: stranger, csrfToken, json: 'true' }).toString() })],
      ['sign-out', () => visitor.request('/api/auth/signout', { method: 'POST', headers: { ...evil, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csrfToken, json: 'true' }).toString() })],
      ['a sandboxed frame (Origin: null)', () => visitor.postJson('/api/signUp', { email: stranger, contact }, { origin: 'null' })],
      ['no Origin, but Sec-Fetch-Site: cross-site', () => visitor.postJson('/api/signUp', { email: stranger, contact }, { 'sec-fetch-site': 'cross-site' })],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect(res.status, name).toBe(403);
      expect(await res.json(), name).toEqual({ code: 'FORBIDDEN', error: 'This request came from another website and was refused. Please use this site directly.' });
    }
    const french = await visitor.postJson('/api/signUp', { email: stranger, contact }, { ...evil, 'accept-language': 'fr' });
    expect(await french.json()).toMatchObject({ error: 'Cette demande provenait d’un autre site web et a été refusée. Veuillez utiliser ce site directement.' });
    // Nothing happened: the member is still signed in, the stranger never joined nor got a link.
    expect((await visitor.session()).user).toBeDefined();
    expect(await (await visitor.postJson('/api/checkEmail', { email: stranger })).json()).toMatchObject({ exists: false });
    expect(await visitor.outbox(stranger)).toEqual([]);
  });

  it('are accepted from the site itself: its public address, or the address the browser used', async () => {
    const visitor = new Visitor(url);
    expect((await visitor.postJson('/api/signUp', { email: uniqueEmail('own'), contact }, { origin: url, 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    const direct = url.replace('localhost', '127.0.0.1');
    const other = new Visitor(direct);
    expect((await other.postJson('/api/checkEmail', { email: uniqueEmail('direct') }, { origin: direct })).status).toBe(200);
    // Not a browser (no Origin, no Sec-Fetch-Site): a program, which no other site can make call us.
    expect((await visitor.postJson('/api/checkEmail', { email: uniqueEmail('program') })).status).toBe(200);
  });

  it('are accepted from callers with a bearer key: resellers, webhooks and the operator', async () => {
    const evil = { origin: EVIL };
    const reseller = await fetch(`${url}/octo/bookings`, { method: 'POST', headers: { ...evil, authorization: `Bearer ${OCTO_KEY}`, 'content-type': 'application/json' }, body: '{}' });
    expect(reseller.status).toBe(400);
    const webhook = await fetch(`${url}/api/octo/webhook`, {
      method: 'POST',
      headers: { ...evil, authorization: `Bearer ${TEST_SITE_ENV.OCTO_WEBHOOK_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ booking: { uuid: 'not-ours', status: 'CONFIRMED' } }),
    });
    expect(webhook.status).toBe(200);
    const stripe = await fetch(`${url}/api/payments/stripe/webhook`, { method: 'POST', headers: evil, body: '{}' });
    expect(stripe.status).toBe(404); // Stripe is off here; the point is that it is not refused as cross-site
    const operator = await fetch(`${url}/api/ops/redeem`, { method: 'POST', headers: { ...evil, authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify({ reference: 'SKY-NOPE00' }) });
    expect(operator.status).toBe(404);
  });
});
