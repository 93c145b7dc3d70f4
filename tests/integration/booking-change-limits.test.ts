// Changing a booking is rate-limited like Book (docs/decisions/0035): quotes of a change and the terms of a
// cancellation share one allowance, changes and cancellations another, each per member and per client
// address; an attempt counts whether or not its booking exists, so the limit cannot be probed around.
import { describe, expect, inject, it } from 'vitest';
import { TEST_SITE_ENV, Visitor, uniqueEmail } from './sites';

const allowance = (setting: string) => Number(setting.split('/')[0]);
const RATE_LIMITED = { code: 'RATE_LIMITED', error: 'Too many attempts. Please wait a few minutes and try again.' };
const SELECTED_TIME = '2031-03-04T10:00:00-05:00';

describe.each(inject('backends'))('booking change limits on $name', ({ url }) => {
  async function member(address?: string) {
    const visitor = new Visitor(url, 'en', address);
    await visitor.signIn(uniqueEmail('changer'));
    return visitor;
  }

  const quote = (visitor: Visitor) => visitor.postJson('/api/bookings/change', { bookingId: 'SKY-NOSUCH', quantities: { adult: 1 }, selectedTime: SELECTED_TIME });
  const change = (visitor: Visitor) => visitor.postJson('/api/bookings/change', { bookingId: 'SKY-NOSUCH', quantities: { adult: 1 }, selectedTime: SELECTED_TIME, confirm: true });
  const cancelTerms = (visitor: Visitor) => visitor.postJson('/api/bookings/cancel', { bookingId: 'SKY-NOSUCH' });
  const cancel = (visitor: Visitor) => visitor.postJson('/api/bookings/cancel', { bookingId: 'SKY-NOSUCH', confirm: true, expectedRefund: 0 });

  async function expectRefused(res: Response) {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual(RATE_LIMITED);
  }

  it('limits quotes and cancel-terms together per member, then per client address (429, Retry-After)', async () => {
    const perMember = allowance(TEST_SITE_ENV.RATE_LIMIT_QUOTE_PER_MEMBER);
    const perAddress = allowance(TEST_SITE_ENV.RATE_LIMIT_QUOTE_PER_IP);
    const asking = await member();
    for (let i = 0; i < perMember; i++) expect((await (i % 2 ? cancelTerms(asking) : quote(asking))).status).toBe(404);
    await expectRefused(await quote(asking));
    await expectRefused(await cancelTerms(asking));
    // Quotes do not spend the allowance of changes.
    expect((await change(asking)).status).toBe(404);

    // A second member behind the same address gets what is left of the address's allowance (refusals count).
    const neighbour = await member(asking.address);
    for (let used = perMember + 2; used < perAddress; used++) expect((await quote(neighbour)).status).toBe(404);
    await expectRefused(await cancelTerms(neighbour));
  });

  it('limits changes and cancellations together per member, then per client address (429, Retry-After)', async () => {
    const perMember = allowance(TEST_SITE_ENV.RATE_LIMIT_CHANGE_PER_MEMBER);
    const perAddress = allowance(TEST_SITE_ENV.RATE_LIMIT_CHANGE_PER_IP);
    const moving = await member();
    for (let i = 0; i < perMember; i++) expect((await (i % 2 ? cancel(moving) : change(moving))).status).toBe(404);
    await expectRefused(await change(moving));
    await expectRefused(await cancel(moving));

    const neighbour = await member(moving.address);
    for (let used = perMember + 2; used < perAddress; used++) expect((await change(neighbour)).status).toBe(404);
    await expectRefused(await change(neighbour));
  });
});
