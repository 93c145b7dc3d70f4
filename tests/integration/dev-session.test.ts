// POST /api/dev/session (demo mode only, decision 0031): a member who joined, or a staff address, is signed
// in at once with next-auth's own session cookie, as if they had followed the e-mailed link; anyone else
// is refused and nothing is written. A production site answers 404 (smtp-and-startup.test.ts).
import { describe, expect, inject, it } from 'vitest';
import { Visitor, staffEmail, uniqueEmail } from './sites';

// Side by side: each test signs in an address of its own; the first waits out the welcome token's 5 s.
describe.concurrent.each(inject('backends'))('the dev session route on $name', ({ url }) => {
  const startSession = (visitor: Visitor, email: string) => visitor.postJson('/api/dev/session', { email });

  it('signs a member in with the cookie next-auth sets, and the first sign-in earns the welcome token', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('dev-session');
    expect((await visitor.join(email)).status).toBe(201);

    const res = await startSession(visitor, email.toUpperCase());
    expect(res.status).toBe(200);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^next-auth\.session-token=[0-9a-f-]{36}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const expires = Date.parse(cookie!.match(/Expires=([^;]+)/)![1]!);
    expect(Math.abs(expires - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);

    expect((await visitor.session()).user?.email).toBe(email);
    expect((await visitor.request('/profile')).status).toBe(200);
    const membership = await visitor.membershipWhen((m) => m.tokens.length === 1);
    expect(membership.tokens).toHaveLength(1);
  });

  it('signs a staff address in without a sign-up, as the e-mailed link would', async () => {
    const visitor = new Visitor(url);
    const email = staffEmail('manager', 19);
    expect((await startSession(visitor, email)).status).toBe(200);
    expect((await visitor.session()).user?.email).toBe(email);
    expect((await visitor.request('/staff/gate')).status).toBe(200);
    // A second session for the same staff member reuses the user row made the first time.
    const again = new Visitor(url);
    expect((await startSession(again, email)).status).toBe(200);
    expect((await again.session()).user?.id).toBe((await visitor.session()).user?.id);
  });

  it('refuses an address that never joined and is not staff, and creates no one', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('stranger');
    const res = await startSession(visitor, email);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'INVALID_FIELDS',
      error: `No one has joined with ${email}, and it is not a staff address: join first, or use an address from STAFF_EMAILS or MANAGER_EMAILS.`,
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await visitor.session()).toEqual({});
    // Still no member with that address: it may join.
    expect((await visitor.postJson('/api/checkEmail', { email })).status).toBe(200);
  });

  it('refuses a body that is not an e-mail address', async () => {
    const res = await startSession(new Visitor(url), 'not-an-address');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'INVALID_FIELDS' });
  });
});
