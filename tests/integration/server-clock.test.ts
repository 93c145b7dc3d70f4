// The clock a demo or test site runs on (decision 0031): it agrees with this test's, and POST /api/dev/clock
// moves it, which a visitor sees at once. The clock is put back where it was: later files share the site.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serverNow } from '@/server/clock';
import { FIXED_TODAY } from '../support/fixed-date';
import { OCTO_KEY, Visitor } from './sites';

type Day = { localDate: string; available: boolean };

describe.each(inject('backends'))('the site clock on $name', ({ url }) => {
  const visitor = new Visitor(url);
  const clock = async (body: object) => visitor.postJson('/api/dev/clock', body);
  /** Whether the demo catalogue's Main Deck still sells `day`, as a reseller asks. */
  const sells = async (day: string) => {
    const res = await fetch(`${url}/octo/availability/calendar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OCTO_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day }),
    });
    return ((await res.json()) as Day[]).some((d) => d.localDate === day && d.available);
  };

  afterAll(async () => {
    await clock({ at: serverNow().toISOString() });
  });

  it('reads the same time as the tests, on the fixed day', async () => {
    const res = await clock({});
    expect(res.status).toBe(200);
    const { now } = (await res.json()) as { now: string };
    // The site started a few seconds after this process's clock was read for it.
    expect(Math.abs(Date.parse(now) - serverNow().getTime())).toBeLessThan(60_000);
    expect(await sells(FIXED_TODAY)).toBe(true);
  });

  it('moves forward on request: the fixed day is then past, and no longer sold', async () => {
    const res = await clock({ at: '2027-05-13T10:00:00-04:00' });
    expect(res.status).toBe(200);
    expect(Date.parse(((await res.json()) as { now: string }).now)).toBeGreaterThanOrEqual(Date.parse('2027-05-13T14:00:00Z'));
    expect(await sells(FIXED_TODAY)).toBe(false);
    expect(await sells('2027-05-13')).toBe(true);
  });

  it('refuses a time that is not an instant, and stays where it was', async () => {
    const res = await clock({ at: 'tomorrow' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'INVALID_FIELDS' });
    expect(await sells('2027-05-13')).toBe(true);
  });
});
