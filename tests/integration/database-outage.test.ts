// During a database outage the API answers 503 with a retry message, never a 500, and a member is never
// told they are signed out; member and staff pages show the outage page (503, Retry-After); when the
// database is back, so is everything. The site runs on PostgreSQL
// through a TCP proxy that the test cuts (PGlite is embedded: it has no outage of its own).
import { beforeAll, expect, it, vi } from 'vitest';
import { describeOnPostgres } from '../support/postgres';
import { useSiteBehindProxy } from '../support/site-behind-proxy';
import { OCTO_KEY, TEST_SITE_ENV, Visitor, staffEmail, uniqueEmail } from './sites';
import { serverNow } from '@/server/clock';

const UNAVAILABLE = { error: 'The service is briefly unavailable. Please try again in a moment.', code: 'UNAVAILABLE' };

describeOnPostgres('a database outage on PostgreSQL', (adminUrl) => {
  const behind = useSiteBehindProxy(adminUrl, TEST_SITE_ENV);
  let member: Visitor;
  let staff: Visitor;
  let email: string;
  let bookingId: string;

  beforeAll(async () => {
    member = new Visitor(behind.site.url);
    email = uniqueEmail('outage');
    await member.signIn(email);
    staff = new Visitor(behind.site.url);
    await staff.signIn(staffEmail('gate', 17));
    const [slot] = (await (
      await member.postJson('/api/auth/octo/products/availability', {
        productId: 'main-deck',
        optionId: 'main-deck-day',
        quantities: { adult: 1 },
        selectedDate: new Date(serverNow().getTime() + 9 * 86_400_000).toISOString().slice(0, 10),
      })
    ).json()) as { id: string }[];
    const started = await member.postJson('/api/auth/octo/bookings/payWithPayment', {
      productId: 'main-deck',
      optionId: 'main-deck-day',
      quantities: { adult: 1 },
      selectedTime: slot!.id,
    });
    bookingId = ((await started.json()) as { bookingId: string }).bookingId;
    await behind.proxy.cut();
  }, 120_000);

  it('answers 503 with Retry-After and a retry message, in the visitor language, never 500', async () => {
    const calls: [string, RequestInit][] = [
      ['/api/auth/session', {}],
      ['/api/auth/loyalty/getMembership', {}],
      ['/api/checkEmail', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: uniqueEmail('x') }) }],
      [`/api/auth/octo/bookings/refetchSession?uuid=${bookingId}`, { method: 'POST' }],
      ['/api/auth/octo/bookings/payWithPayment', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: '2031-01-01T09:00:00-05:00' }) }],
      // Availability reads our own inventory: its outage is an outage, not a supplier's failure (502).
      ['/api/auth/octo/products/availability', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedDate: '2031-01-01' }) }],
    ];
    for (const [path, init] of calls) {
      const res = await member.request(path, init);
      expect(res.status, path).toBe(503);
      expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
      expect(await res.json(), path).toEqual(UNAVAILABLE);
    }
    const french = await member.request('/api/auth/session?locale=fr');
    expect(await french.json()).toEqual({ error: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.', code: 'UNAVAILABLE' });

    const reseller = await fetch(`${behind.site.url}/octo/products`, { headers: { authorization: `Bearer ${OCTO_KEY}` } });
    expect(reseller.status).toBe(503);
    expect(await reseller.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
  });

  it('shows member and staff pages as the outage page: 503, Retry-After, the retry message in the visitor language', async () => {
    for (const [visitor, path] of [
      [member, '/profile'],
      [member, `/bookings/${bookingId}`],
      [member, '/checkout'],
      [staff, '/staff/gate'],
      [staff, '/staff/today'],
      [staff, '/staff/bookings'],
    ] as const) {
      const page = await visitor.request(path);
      expect(page.status, path).toBe(503);
      expect(Number(page.headers.get('retry-after')), path).toBeGreaterThan(0);
      expect(page.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await page.text(), path).toContain('The service is briefly unavailable. Please try again in a moment.');
    }
    const french = await member.request('/fr/profile');
    expect(french.status).toBe(503);
    expect(await french.text()).toContain('Le service est momentanément indisponible. Veuillez réessayer dans un instant.');
  });

  it('never sends a member to sign in because the database is down', async () => {
    const page = await member.request('/profile');
    expect(page.headers.get('location') ?? '').not.toMatch(/login/);
    expect(page.status).not.toBe(200);
  });

  it('is itself again when the database is back, the member still signed in', async () => {
    await behind.proxy.restore();
    const session = await vi.waitFor(
      async () => {
        const res = await member.request('/api/auth/session');
        if (res.status !== 200) throw new Error(`still ${res.status}`);
        return (await res.json()) as { user?: { email?: string } };
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(session.user?.email).toBe(email);
    const refetched = await member.request(`/api/auth/octo/bookings/refetchSession?uuid=${bookingId}`, { method: 'POST' });
    expect(refetched.status).toBe(200);
  });
});
