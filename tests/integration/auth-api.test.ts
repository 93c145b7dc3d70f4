// next-auth under /api/auth, the sign-in link, sessions and the pages that need one.
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { Visitor, uniqueEmail } from './sites';

async function signedIn(url: string) {
  const visitor = new Visitor(url);
  const email = uniqueEmail('signed-in');
  await visitor.signIn(email);
  return { visitor, email };
}

describe.each(inject('backends'))('authentication on $name', ({ url, databaseUrl }) => {
  it('answers csrf, providers and an empty session', async () => {
    const visitor = new Visitor(url);
    const csrf = await (await visitor.request('/api/auth/csrf')).json();
    expect(csrf.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const providers = await (await visitor.request('/api/auth/providers')).json();
    expect(providers).toEqual({ email: expect.objectContaining({ id: 'email', type: 'email' }) });
    expect(await visitor.session()).toEqual({});
  });

  it('e-mails a member a link that signs them in, once', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('link');
    await visitor.join(email);

    const res = await visitor.requestLink(email.toUpperCase(), '/profile');
    expect(res.status).toBe(200);
    expect((await res.json()).url).toBe(`${url}/api/auth/verify-request?provider=email&type=email`);

    const [message] = await visitor.outbox(email);
    expect(message).toMatchObject({ to: email, subject: 'Your sign-in link for Skyline Ambassadors' });
    expect(message!.html).toContain('Skyline Ambassadors');
    expect(message!.text).toContain('expires in 30 minutes');

    const link = await visitor.latestLink(email);
    const callback = await visitor.request(link);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`${url}/profile`);
    expect((await visitor.session()).user?.email).toBe(email);

    // The same link a second time shows the error page.
    const stranger = new Visitor(url);
    const reused = await stranger.request(link);
    expect(reused.headers.get('location')).toBe(`${url}/api/auth/error?error=Verification`);
    const errorPage = await stranger.request(reused.headers.get('location')!);
    expect(errorPage.headers.get('location')).toBe('/error?error=Verification');
    expect(await stranger.session()).toEqual({});
  });

  it('writes the e-mail in the visitor language', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('locale');
    await visitor.join(email);
    await visitor.requestLink(email, '/profile', 'de');
    const [message] = await visitor.outbox(email);
    expect(message!.html).toContain('lang="de"');
    expect(message!.subject).not.toBe('Your sign-in link for Skyline Ambassadors');
  });

  it('sends no link to an unknown e-mail', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('unknown');
    const res = await visitor.requestLink(email);
    expect((await res.json()).url).toBe(`${url}/api/auth/error?error=AccessDenied`);
    expect(await visitor.outbox(email)).toEqual([]);
  });

  it('keeps callbackUrl on this site', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('redirect');
    await visitor.join(email);
    await visitor.requestLink(email, 'https://evil.example/steal');
    const link = new URL(await visitor.latestLink(email));
    expect(new URL(link.searchParams.get('callbackUrl')!).origin).toBe(url);
  });

  it('refuses a sign-in request without the csrf token', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('csrf');
    await visitor.join(email);
    const res = await visitor.postForm('/api/auth/signin/email', { email, json: 'true' });
    expect((await res.json()).url).toContain('csrf=true');
    expect(await visitor.outbox(email)).toEqual([]);
  });

  it('signs out', async () => {
    const { visitor } = await signedIn(url);
    const csrfToken = await visitor.csrfToken();
    const res = await visitor.postForm('/api/auth/signout', { csrfToken, callbackUrl: '/', json: 'true' });
    expect(res.status).toBe(200);
    expect(await visitor.session()).toEqual({});
  });

  it('accepts client log reports at _log', async () => {
    const res = await new Visitor(url).postForm('/api/auth/_log', { level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'x', client: 'true' });
    expect(res.status).toBe(200);
  });

  it('sends an anonymous visitor of /profile to sign-in with the callbackUrl', async () => {
    const visitor = new Visitor(url);
    const res = await visitor.request('/profile');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/login?error=SessionRequired&callbackUrl=%2Fprofile');
    const french = await visitor.request('/fr/profile');
    expect(french.headers.get('location')).toBe('/fr/login?error=SessionRequired&callbackUrl=%2Ffr%2Fprofile');
  });

  it('shows a signed-in member their profile', async () => {
    const { visitor, email } = await signedIn(url);
    const res = await visitor.request('/profile');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(email);
    expect(html).toMatch(/<title[^>]*>My Profile \| Skyline Ambassadors<\/title>/);
  });

  it('shows each of several members asking at the same moment their own profile (their sessions read in one query)', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => signedIn(url)));
    const pages = await Promise.all([...members, ...members].map(async ({ visitor }) => (await visitor.request('/profile')).text()));
    pages.forEach((html, i) => {
      const own = members[i % members.length]!.email;
      expect(html).toContain(own);
      for (const { email } of members) if (email !== own) expect(html).not.toContain(email);
    });
  });

  it('limits sign-in e-mails per address, with a Retry-After and the error name next-auth reads', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('limited');
    await visitor.join(email);
    for (let i = 0; i < 3; i++) expect((await visitor.requestLink(email)).status).toBe(200);
    const limited = await visitor.requestLink(email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).url).toMatch(/\/error\?error=RateLimited$/);
    expect(await visitor.outbox(email)).toHaveLength(3);
    // Another address of the same visitor is still served.
    const other = uniqueEmail('limited-other');
    await visitor.join(other);
    expect((await visitor.requestLink(other)).status).toBe(200);
  });

  it('limits look-ups per client address, with a translated message', async () => {
    const visitor = new Visitor(url, 'fr');
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await visitor.postJson('/api/checkEmail', { email: uniqueEmail('probe') });
    expect(last!.status).toBe(429);
    const body = (await last!.json()) as { error: string; code: string };
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.error).not.toBe('Too many attempts. Please wait a few minutes and try again.');
    // A different client is not affected.
    expect((await new Visitor(url).postJson('/api/checkEmail', { email: uniqueEmail() })).status).toBe(200);
  });

  if (databaseUrl) {
    it('reads a session while its row stands: pages and routes leave its expiry alone, the session endpoint moves it forward once a day and forgets an expired one', async () => {
      const { visitor, email } = await signedIn(url);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const setExpiry = (expires: Date) => client.query('update sessions s set expires = $1 from users u where u.id = s.user_id and u.email = $2', [expires, email]);
      const expiries = async () =>
        (await client.query('select s.expires from sessions s join users u on u.id = s.user_id where u.email = $1', [email])).rows.map((row) => new Date(row.expires).getTime());
      try {
        // Half a day left: next-auth's daily update (updateAge) is due.
        const due = new Date(Date.now() + 12 * 60 * 60_000);
        await setExpiry(due);
        expect((await visitor.request('/profile')).status).toBe(200);
        expect((await visitor.request('/api/auth/loyalty/getMembership')).status).toBe(200);
        expect(await expiries()).toEqual([due.getTime()]);
        expect((await visitor.session()).user?.email).toBe(email);
        const [moved] = await expiries();
        expect((moved! - Date.now()) / 86_400_000).toBeGreaterThan(29.9);

        await setExpiry(new Date(Date.now() - 60_000));
        expect((await visitor.request('/profile')).status).toBe(307);
        expect((await visitor.request('/api/auth/loyalty/getMembership')).status).toBe(401);
        expect(await expiries()).toHaveLength(1);
        expect(await visitor.session()).toEqual({});
        expect(await expiries()).toEqual([]);
      } finally {
        await client.end();
      }
    });

    it('stores only a hash of the link token, valid for 30 minutes', async () => {
      const visitor = new Visitor(url);
      const email = uniqueEmail('expiry');
      await visitor.join(email);
      const requestedAt = Date.now();
      await visitor.requestLink(email);
      const token = new URL(await visitor.latestLink(email)).searchParams.get('token');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query('select token, expires from verification_tokens where identifier = $1', [email]);
        expect(rows).toHaveLength(1);
        expect(rows[0].token).not.toBe(token);
        const minutes = (new Date(rows[0].expires).getTime() - requestedAt) / 60_000;
        expect(minutes).toBeGreaterThan(29.5);
        expect(minutes).toBeLessThan(30.5);
      } finally {
        await client.end();
      }
    });
  }
});
