// Tokens as a member earns them on a running site: joining, booking, and the visit at the gate.
import { describe, expect, inject, it } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { OCTO_KEY, OPS_KEY, TEST_SITE_ENV, Visitor, staffEmail, uniqueEmail } from './sites';
import { firstSlot, openDay } from './supplier-scenarios';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

// Side by side: each test is a member of its own (its own client address), and most wait out the welcome
// token's 5 s (src/wiring/auth-options.ts); one after another they waited about 45 s in all.
describe.concurrent.each(inject('backends'))('loyalty on $name', ({ url }) => {
  const octo = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });
  const redeem = (reference: string, key = OPS_KEY) =>
    fetch(`${url}/api/ops/redeem`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ reference }) });

  async function bookAndPay(visitor: Visitor, productId: string, optionId: string, daysAhead: number) {
    const day = await openDay(octo, productId, optionId, daysAhead);
    const started = (await (
      await visitor.postJson('/api/auth/octo/bookings/payWithPayment', { productId, optionId, quantities: { adult: 1 }, selectedTime: await firstSlot(octo, productId, optionId, day) })
    ).json()) as { paymentSession: { id: string }; bookingId: string };
    const paid = (await (await visitor.postJson('/api/payments/test/pay', { sessionId: started.paymentSession.id, card: CARD })).json()) as { order: { reference: string } };
    return { bookingId: started.bookingId, reference: paid.order.reference };
  }

  it('answers 401 to an anonymous visitor', async () => {
    const res = await new Visitor(url).request('/api/auth/loyalty/getMembership');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('gives a new member the welcome token, in their language', async () => {
    const visitor = new Visitor(url, 'ja');
    await visitor.signIn(uniqueEmail('welcome'));
    const membership = await visitor.membershipWhen((m) => m.tokens.length === 1);
    expect(membership.tokens[0]).toMatchObject({ dropId: 'welcome', artwork: '/images/tokens/welcome.svg' });
    expect(membership.tokens[0]!.name).not.toBe('Welcome aboard');
    expect(membership.mintedTokenIds).toHaveLength(1);
  });

  it('gives staff who never joined no welcome token', async () => {
    const staff = new Visitor(url);
    await staff.signInAsStaff(staffEmail('gate', 13));
    // A member signing in just after: once their welcome token is out, the staff one would be too.
    const member = new Visitor(url);
    await member.signIn(uniqueEmail('beside-staff'));
    await member.membershipWhen((m) => m.tokens.length === 1);
    expect((await staff.membership()).tokens).toEqual([]);
  });

  it('gives booking tokens, then the attendance token at the gate, once', async () => {
    const visitor = new Visitor(url);
    await visitor.signIn(uniqueEmail('visitor'));
    const { reference } = await bookAndPay(visitor, 'sunrise', 'sunrise-weekend', 50);
    const booked = await visitor.membershipWhen((m) => m.tokens.length === 3);
    expect(booked.tokens.map((t) => t.dropId).sort()).toEqual(['sunrise-seeker', 'ticket-holder', 'welcome']);

    const res = await redeem(reference.toLowerCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ reference, status: 'REDEEMED', alreadyRedeemed: false, tokensEarned: 1 });
    const visited = await visitor.membershipWhen((m) => m.tokens.length === 4);
    expect(visited.tokens[0]!.dropId).toBe('skyline-visitor');
    const again = await redeem(reference);
    expect(await again.json()).toMatchObject({ alreadyRedeemed: true, tokensEarned: 0 });
    // No work was recorded (tokensEarned 0), so the worker has nothing more to issue.
    expect((await visitor.membership()).tokens).toHaveLength(4);
  });

  it('refuses the operator API without its key, and unknown references', async () => {
    expect((await redeem('SKY-XXXXXX', 'wrong-key-wrong-key')).status).toBe(401);
    const unknown = await redeem('SKY-NOPE00');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'No booking has the reference SKY-NOPE00' });
  });

  it('loads POAP mint links for a drop, once each', async () => {
    const load = (body: unknown, key = OPS_KEY) =>
      fetch(`${url}/api/ops/mint-links`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const hashes = [`a${crypto.randomUUID().slice(0, 8)}`, `b${crypto.randomUUID().slice(0, 8)}`];
    expect(await (await load({ dropId: 'welcome', qrHashes: hashes })).json()).toMatchObject({ added: 2, alreadyLoaded: 0 });
    expect(await (await load({ dropId: 'welcome', qrHashes: [...hashes, hashes[0]] })).json()).toMatchObject({ added: 0, alreadyLoaded: 2 });
    const unknownDrop = await load({ dropId: 'moon-landing', qrHashes: hashes });
    expect(unknownDrop.status).toBe(422);
    expect(await unknownDrop.json()).toMatchObject({ error: 'dropId: dropId must be one of config/drops.json' });
    expect((await load({ dropId: 'welcome', qrHashes: ['<script>'] })).status).toBe(422);
    expect((await load({ dropId: 'welcome', qrHashes: hashes }, 'wrong-key-wrong-key')).status).toBe(401);
  });

  it('credits a visit an OCTO supplier reports by webhook', async () => {
    const visitor = new Visitor(url);
    await visitor.signIn(uniqueEmail('webhook'));
    const { bookingId } = await bookAndPay(visitor, 'main-deck', 'main-deck-day', 51);
    await visitor.membershipWhen((m) => m.tokens.length === 2);
    const hook = (secret: string, status: string) =>
      fetch(`${url}/api/octo/webhook`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ booking: { uuid: bookingId, status } }),
      });
    expect((await hook('not-the-secret-at-all', 'REDEEMED')).status).toBe(401);
    expect(await (await hook(TEST_SITE_ENV.OCTO_WEBHOOK_SECRET, 'CONFIRMED')).json()).toMatchObject({ tokensEarned: 0 });
    expect(await (await hook(TEST_SITE_ENV.OCTO_WEBHOOK_SECRET, 'REDEEMED')).json()).toMatchObject({ tokensEarned: 1 });
    await visitor.membershipWhen((m) => m.tokens.some((t) => t.dropId === 'skyline-visitor'));
  });
});
