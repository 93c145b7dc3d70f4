// payWithPayment, refetchSession and the test gateway's card payment, as the checkout page calls them.
import { describe, expect, inject, it } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { OCTO_KEY, Visitor, uniqueEmail } from './sites';
import { adults, firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

type Started = { paymentSession: { id: string; provider: string; amount: number; currency: string }; bookingId: string; expirationTime: string };
type OrderAnswer = { order: { status: string; reference: string; tickets: { reference: string }[]; total: number } };

const PAY = '/api/auth/octo/bookings/payWithPayment';
const GOOD_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

describe.each(inject('backends'))('checkout API on $name', ({ url }) => {
  const octo = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });

  async function member() {
    const visitor = new Visitor(url);
    const email = uniqueEmail('buyer');
    await visitor.signIn(email);
    return { visitor, email };
  }

  async function choice(daysAhead: number, quantities: Record<string, number> = { adult: 2 }) {
    const day = await openDay(octo, 'main-deck', 'main-deck-day', daysAhead);
    return { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedTime: await firstSlot(octo, 'main-deck', 'main-deck-day', day) };
  }

  const pay = (visitor: Visitor, sessionId: string, card = GOOD_CARD) => visitor.postJson('/api/payments/test/pay', { sessionId, card });
  const ticketMails = (messages: { subject: string }[]) => messages.filter((m) => m.subject.startsWith('Your tickets'));
  /** The member's ticket e-mails once the first has arrived (Visitor.outboxWhen says why it may come a moment
   * after the answer), read once more, so that a second one would show. */
  const ticketMailsSent = async (visitor: Visitor, email: string) => {
    await visitor.outboxWhen(email, (messages) => ticketMails(messages).length > 0);
    return ticketMails(await visitor.outbox(email));
  };

  it('asks an anonymous visitor to log in', async () => {
    const res = await new Visitor(url).postJson(PAY, await choice(4));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'You must be logged in to book' });
  });

  it.each([
    ['no product', { productId: undefined }, 'Please select a product and option'],
    ['no option', { optionId: '' }, 'Please select a product and option'],
    ['an unknown product', { productId: 'moon-deck' }, 'Please select a product and option'],
    ['no quantity', { quantities: {} }, 'Please select a quantity'],
    ['no time', { selectedTime: undefined }, 'Please select a time'],
    ['a time that is no slot', { selectedTime: '2031-01-01T09:15:00-05:00' }, 'This time is no longer available. Please choose another.'],
    ['an amount of its own', { amount: 1 }, 'Unrecognized key: "amount"'],
  ])('refuses %s and holds nothing', async (_name, change, message) => {
    const { visitor } = await member();
    const body: Record<string, unknown> = { ...(await choice(4)), ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const res = await visitor.postJson(PAY, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
  });

  it('holds the places, prices them at the supplier and opens a payment session', async () => {
    const { visitor } = await member();
    const res = await visitor.postJson(PAY, await choice(5, { adult: 2, child: 1 }));
    expect(res.status).toBe(201);
    const started = (await res.json()) as Started;
    expect(started.paymentSession).toMatchObject({ provider: 'test', amount: 2 * 4400 + 3800, currency: 'USD' });
    const minutes = (new Date(started.expirationTime).getTime() - serverNow().getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const again = await visitor.request(`/api/auth/octo/bookings/refetchSession?uuid=${started.bookingId}`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ paymentSession: { id: started.paymentSession.id }, expirationTime: started.expirationTime });
  });

  it("answers someone else's booking id like an unknown one", async () => {
    const { visitor } = await member();
    const started = (await (await visitor.postJson(PAY, await choice(6))).json()) as Started;
    const { visitor: stranger } = await member();
    for (const uuid of [started.bookingId, 'not-a-booking']) {
      const res = await stranger.request(`/api/auth/octo/bookings/refetchSession?uuid=${uuid}`, { method: 'POST' });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'No payment session found when updating session, please try again' });
    }
    const none = await stranger.request('/api/auth/octo/bookings/refetchSession', { method: 'POST' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: 'No booking id' });
    expect((await pay(stranger, started.paymentSession.id)).status).toBe(404);
  });

  it('renders the checkout page with the booking its address names, and only for its member (decision 0076)', async () => {
    const { visitor } = await member();
    const started = (await (await visitor.postJson(PAY, await choice(7))).json()) as Started;
    // What the page shows: its HTML without its scripts (whose data holds every string of the page).
    const page = async (who: Visitor) => (await (await who.request(`/checkout?uuid=${started.bookingId}`)).text()).replace(/<script[\s\S]*?<\/script>/g, '');
    const open = await page(visitor);
    // The card form and its amount are in the HTML, before any script has run.
    expect(open).toContain('4242 4242 4242 4242');
    expect(open).toContain('$88.00');
    expect(open).not.toContain('Loading your booking');

    const { visitor: stranger } = await member();
    const theirs = await page(stranger);
    expect(theirs).toContain('Loading your booking');
    expect(theirs).not.toContain(started.paymentSession.id);

    expect((await pay(visitor, started.paymentSession.id)).status).toBe(200);
    const paid = await page(visitor);
    expect(paid).toContain('Your visit is booked');
    expect(paid).not.toContain('4242 4242 4242 4242');

    // Cancelled since: the address leads to the booking's own page, not to a payment form.
    const { terms } = (await (await visitor.postJson('/api/bookings/cancel', { bookingId: started.bookingId })).json()) as { terms: { refund: number } };
    expect((await visitor.postJson('/api/bookings/cancel', { bookingId: started.bookingId, confirm: true, expectedRefund: terms.refund })).status).toBe(200);
    const cancelled = await visitor.request(`/fr/checkout?uuid=${started.bookingId}`, { redirect: 'manual' });
    expect(cancelled.status).toBe(307);
    const { order } = (await (await visitor.request(`/api/auth/octo/bookings/refetchSession?uuid=${started.bookingId}`, { method: 'POST' })).json()) as OrderAnswer;
    expect(cancelled.headers.get('location')).toBe(`/fr/bookings/${order.reference}`);
    expect((await visitor.request(`/fr/bookings/${order.reference}`)).status).toBe(200);
  });

  it('says when the places are sold out', async () => {
    const day = await openDay(octo, 'sunrise', 'sunrise-weekend', 40, 4);
    const availabilityId = await firstSlot(octo, 'sunrise', 'sunrise-weekend', day);
    // 9 places: the 10th is kept for members (decision 0041), and this visitor is an Explorer.
    for (const n of [4, 4, 1]) await octo.createBooking({ productId: 'sunrise', optionId: 'sunrise-weekend', availabilityId, unitItems: adults(n) });
    const { visitor } = await member();
    const res = await visitor.postJson(PAY, { productId: 'sunrise', optionId: 'sunrise-weekend', quantities: { adult: 1 }, selectedTime: availabilityId });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'Sold out: no places are left at this time' });
  });

  it('a declined card changes nothing; a good one confirms, once, with one e-mail', async () => {
    const { visitor, email } = await member();
    const started = (await (await visitor.postJson(PAY, await choice(7))).json()) as Started;
    const declined = await pay(visitor, started.paymentSession.id, { ...GOOD_CARD, number: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ code: 'PAYMENT_FAILED', error: 'Your card was declined. Please try another card.' });
    const malformed = await pay(visitor, started.paymentSession.id, { ...GOOD_CARD, number: '1234' });
    expect(malformed.status).toBe(402);
    const past = await pay(visitor, started.paymentSession.id, { ...GOOD_CARD, expYear: 2020 });
    expect(past.status).toBe(402);

    const paid = await pay(visitor, started.paymentSession.id);
    expect(paid.status).toBe(200);
    const { order } = (await paid.json()) as OrderAnswer;
    expect(order).toMatchObject({ status: 'CONFIRMED', total: 8800 });
    expect(order.tickets).toHaveLength(2);

    const twice = await pay(visitor, started.paymentSession.id);
    expect(((await twice.json()) as OrderAnswer).order.reference).toBe(order.reference);
    expect(await ticketMailsSent(visitor, email)).toHaveLength(1);
  });

  it('20 completions at once confirm once and send one e-mail', async () => {
    const { visitor, email } = await member();
    const started = (await (await visitor.postJson(PAY, await choice(8, { adult: 1 }))).json()) as Started;
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(visitor, started.paymentSession.id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const refetched = await visitor.request(`/api/auth/octo/bookings/refetchSession?uuid=${started.bookingId}`, { method: 'POST' });
    expect(((await refetched.json()) as OrderAnswer).order.status).toBe('CONFIRMED');
    expect(await ticketMailsSent(visitor, email)).toHaveLength(1);
  });

  it('refuses malformed card fields with a clear message', async () => {
    const { visitor } = await member();
    const started = (await (await visitor.postJson(PAY, await choice(9, { adult: 1 }))).json()) as Started;
    const res = await visitor.postJson('/api/payments/test/pay', { sessionId: started.paymentSession.id, card: { number: 4242, expMonth: 'x' } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/card\./);
  });
});
