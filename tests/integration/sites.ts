// The test sites' configuration, and a client that talks to them as a browser would.
import crypto from 'node:crypto';
import { vi } from 'vitest';

export type Backend = { name: string; url: string; databaseUrl?: string };

/** The test sites' ticket signing key (base64 of an Ed25519 seed): published, for tests only. */
export const TEST_TICKET_KEY = '+kg9vNKNpEYFnV19YQJk7K9swTixLiFvkP3R5ZrAZqk=';

/** Low limits, so that the rate-limit tests reach them; every other test uses a client address of its own. */
export const TEST_SITE_ENV = {
  SKYPASS_DEMO: 'true',
  // One key for every test site, as servers sharing a database must (decision 0033); a test key, published.
  TICKET_SIGNING_KEY: TEST_TICKET_KEY,
  TRUST_PROXY: 'true',
  RATE_LIMIT_SIGNIN_PER_EMAIL: '3/15m',
  RATE_LIMIT_SIGNIN_PER_IP: '10/15m',
  RATE_LIMIT_LOOKUP_PER_EMAIL: '10/15m',
  RATE_LIMIT_LOOKUP_PER_IP: '30/15m',
  RATE_LIMIT_BOOK_PER_MEMBER: '8/15m',
  RATE_LIMIT_BOOK_PER_IP: '12/15m',
  RATE_LIMIT_CHANGE_PER_MEMBER: '3/15m',
  RATE_LIMIT_CHANGE_PER_IP: '7/15m',
  RATE_LIMIT_QUOTE_PER_MEMBER: '4/15m',
  RATE_LIMIT_QUOTE_PER_IP: '9/15m',
  OCTO_RESELLER_KEYS: 'contract-tests:contract-test-key-0123456789,other-reseller:other-reseller-key-0123456789',
  OCTO_WEBHOOK_SECRET: 'octo-webhook-secret-0123456789',
  // The tests' webhook receivers listen on loopback, which a site refuses unless allowed.
  OCTO_WEBHOOK_ALLOW: '127.0.0.0/8',
  STAFF_EMAILS: Array.from({ length: 20 }, (_, i) => `gate-${i + 1}@staff.example`).join(','),
  MANAGER_EMAILS: Array.from({ length: 20 }, (_, i) => `manager-${i + 1}@staff.example`).join(','),
  BOXOFFICE_EMAILS: Array.from({ length: 20 }, (_, i) => `boxoffice-${i + 1}@staff.example`).join(','),
};

/** Staff of the test sites: each test file signs in as addresses of its own (sign-in links are rate-limited). */
export const staffEmail = (role: 'gate' | 'boxoffice' | 'manager', n: number) => `${role}-${n}@staff.example`;

export const OPS_KEY = 'skypass-demo-ops-key';

export const OCTO_KEY = 'contract-test-key-0123456789';
export const OTHER_OCTO_KEY = 'other-reseller-key-0123456789';

export const uniqueEmail = (label = 'member') => `${label}.${crypto.randomBytes(6).toString('hex')}@example.com`;

const randomAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** Reads until `done` holds, then answers the last read; on timeout the error says what the last read was. */
function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, describe: (value: T) => string, timeoutMs: number): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`never as expected, ${describe(value)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 200 },
  );
}

/** One visitor: a client address of its own (X-Forwarded-For, trusted by the test sites) and a cookie jar. */
export class Visitor {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly language = 'en',
    /** The client address the site sees (several visitors may share one, as behind a NAT). */
    readonly address = randomAddress(),
  ) {}

  private remember(res: Response) {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.address);
    if (!headers.has('accept-language')) headers.set('accept-language', this.language);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(path, this.baseUrl), { redirect: 'manual', ...init, headers });
    this.remember(res);
    return res;
  }

  postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  postForm(path: string, fields: Record<string, string>) {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async csrfToken(): Promise<string> {
    const res = await this.request('/api/auth/csrf');
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** Joins the program through the API, as the sign-up page does. */
  async join(email: string, contact: Record<string, unknown> = {}) {
    return this.postJson('/api/signUp', {
      email,
      contact: { firstName: 'Ana', lastName: 'Lima', phoneNumber: '+1 212 555 0100', country: 'US', ...contact },
    });
  }

  /** Asks next-auth for a sign-in link, as next-auth's signIn('email', { redirect: false }) does. */
  async requestLink(email: string, callbackUrl = '/profile', locale?: string) {
    const csrfToken = await this.csrfToken();
    const query = locale ? `?locale=${locale}` : '';
    return this.postForm(`/api/auth/signin/email${query}`, { email, csrfToken, callbackUrl, json: 'true' });
  }

  async outbox(to: string): Promise<{ to: string; subject: string; text: string; html: string; createdAt: string }[]> {
    const res = await this.request(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    return (await res.json()) as never;
  }

  /** The outbox of `to` once `done` holds. A tickets e-mail is queued with its order and sent by the site's
   * job runner: the request that queued it may be answered while it is still being sent. */
  outboxWhen(to: string, done: (messages: Awaited<ReturnType<Visitor['outbox']>>) => boolean, timeoutMs = 15_000) {
    return readUntil(() => this.outbox(to), done, (messages) => `the outbox of ${to}: ${messages.map((m) => m.subject).join(' | ') || 'empty'}`, timeoutMs);
  }

  /** The sign-in link of the newest message to `to`. */
  async latestLink(to: string): Promise<string> {
    const [message] = await this.outbox(to);
    const link = message?.text.match(/https?:\/\/\S+\/api\/auth\/callback\/email\S+/)?.[0];
    if (!link) throw new Error(`no sign-in link in the outbox for ${to}`);
    return link;
  }

  /** Joins (when new) and signs in through the e-mailed link, keeping the session cookie. */
  async signIn(email: string): Promise<void> {
    await this.join(email);
    await this.requestLink(email);
    await this.request(await this.latestLink(email));
  }

  /** Staff sign in through the e-mailed link without joining. */
  async signInAsStaff(email: string): Promise<void> {
    const res = await this.requestLink(email);
    if (!res.ok) throw new Error(`no sign-in link for ${email}: ${res.status}`);
    await this.request(await this.latestLink(email));
  }

  async membership(): Promise<{ mintedTokenIds: string[]; tokens: { dropId: string; name: string; artwork: string; earnedAt: string }[] }> {
    return (await (await this.request('/api/auth/loyalty/getMembership')).json()) as never;
  }

  /** Polls the membership until `done` holds (the job runner issues tokens a moment after their event). */
  membershipWhen(done: (m: Awaited<ReturnType<Visitor['membership']>>) => boolean, timeoutMs = 15_000) {
    return readUntil(() => this.membership(), done, (membership) => `the membership: ${JSON.stringify(membership)}`, timeoutMs);
  }

  async session(): Promise<{ user?: { email?: string; id?: string } }> {
    const res = await this.request('/api/auth/session');
    return (await res.json()) as never;
  }
}
