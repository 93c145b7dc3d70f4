// What the benchmarks share: a browser-like client of the site (a cookie jar, a client address of its own,
// sign-in through the e-mailed link read from the demo outbox), and a PostgreSQL database of their own.
import crypto from 'node:crypto';
import { createScratchDatabase } from '../scripts/scratch-database.mjs';

/** A person at a browser: `email` signs in (joining first unless `join` is false, as staff do). */
export function browserClient(baseUrl, email = `bench.${crypto.randomBytes(6).toString('hex')}@example.com`) {
  const cookies = new Map();
  const address = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  async function request(url, init = {}) {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', address);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, baseUrl), { redirect: 'manual', ...init, headers });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
  const json = (url, body) => request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const outbox = async () => (await (await request(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json());
  return {
    email,
    request,
    /** A cookie the site would have set (a session made by the bench itself, say). */
    setCookie: (name, value) => cookies.set(name, value),
    /** The cookies as a Cookie header, for a browser that must be this person (Lighthouse). */
    cookieHeader: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    /** The cookies as [name, value] pairs, for another process that plays this person (bench/onsale-buyers.mjs). */
    cookies: () => [...cookies],
    json,
    outbox,
    async signIn({ join = true } = {}) {
      if (join) await json('/api/signUp', { email, contact: { firstName: 'Ana', lastName: 'Lima', phoneNumber: '+1 212 555 0100', country: 'US' } });
      const { csrfToken } = await (await request('/api/auth/csrf')).json();
      await request('/api/auth/signin/email', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, csrfToken, callbackUrl: '/profile', json: 'true' }).toString(),
      });
      const [message] = await outbox();
      await request(message.text.match(/https?:\/\/\S+\/api\/auth\/callback\/email\S+/)[0]);
    },
  };
}

/** A database of its own on the server `adminUrl` names (whose user may create databases). */
export const createDatabase = (adminUrl) => createScratchDatabase(adminUrl, 'skypass_bench');
