// A member cannot hoard a slot: one open unpaid booking at a time (a new Book releases the previous hold),
// at most a product's tickets per booking, and Book rate-limited per member and per client address.
import { describe, expect, inject, it } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { OCTO_KEY, TEST_SITE_ENV, Visitor, uniqueEmail } from './sites';
import { NY } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const PAY = '/api/auth/octo/bookings/payWithPayment';
const PRODUCT = 'express-pass';
const OPTION = 'express-main-top'; // 20 places a slot; Express Pass: at most 6 tickets a booking
/** The places of a slot anyone may book, as the OCTO API shows them: 2 of the 20 are kept for members (decision 0041). */
const FOR_ALL = 18;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

type Started = { paymentSession: { id: string }; bookingId: string; expirationTime: string };

describe.each(inject('backends'))('inventory limits on $name', ({ url }) => {
  const octo = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });

  /** A slot no one has touched yet: all its places free. */
  async function freshSlot(daysAhead: number): Promise<string> {
    const from = addLocalDays(todayIn(NY, serverNow()), daysAhead);
    const slots = await octo.availability({ productId: PRODUCT, optionId: OPTION, localDateStart: from, localDateEnd: addLocalDays(from, 10) });
    const slot = slots.find((s) => s.available && s.vacancies === s.capacity);
    if (!slot) throw new Error(`no untouched slot from ${from}`);
    return slot.id;
  }

  const vacancies = async (availabilityId: string) => {
    const day = availabilityId.slice(0, 10);
    const slots = await octo.availability({ productId: PRODUCT, optionId: OPTION, localDateStart: day, localDateEnd: day });
    return slots.find((s) => s.id === availabilityId)!.vacancies;
  };

  async function member(address?: string) {
    const visitor = new Visitor(url, 'en', address);
    await visitor.signIn(uniqueEmail('hoarder'));
    return visitor;
  }

  const book = (visitor: Visitor, selectedTime: string, adults = 6) =>
    visitor.postJson(PAY, { productId: PRODUCT, optionId: OPTION, quantities: { adult: adults }, selectedTime });

  it('one member booking again and again keeps one hold, and a second member still finds places', async () => {
    const selectedTime = await freshSlot(40);
    const hoarder = await member();
    const first = (await (await book(hoarder, selectedTime)).json()) as Started;
    for (let i = 0; i < 2; i++) expect((await book(hoarder, selectedTime)).status).toBe(201);
    expect(await vacancies(selectedTime)).toBe(FOR_ALL - 6);

    // Several Books at once: one at a time goes through, the others are told to wait; still one hold.
    const burst = await Promise.all(Array.from({ length: 4 }, () => book(hoarder, selectedTime)));
    expect(burst.some((r) => r.status === 201)).toBe(true);
    for (const refused of burst.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ code: 'BOOKING_IN_PROGRESS', error: 'Another booking of yours is being made. Please wait a moment and try again.' });
    }
    expect(await vacancies(selectedTime)).toBe(FOR_ALL - 6);

    const other = await member();
    expect((await book(other, selectedTime)).status).toBe(201);
    expect(await vacancies(selectedTime)).toBe(FOR_ALL - 12);

    // The first hold was released: its order's hold has ended, and its session takes no payment.
    const refetched = await hoarder.request(`/api/auth/octo/bookings/refetchSession?uuid=${first.bookingId}`, { method: 'POST' });
    const { expirationTime, order } = (await refetched.json()) as { expirationTime: string; order: { status: string } };
    expect(order.status).toBe('PENDING_PAYMENT');
    expect(new Date(expirationTime).getTime()).toBeLessThanOrEqual(serverNow().getTime());
    const paid = await hoarder.postJson('/api/payments/test/pay', { sessionId: first.paymentSession.id, card: CARD });
    expect(paid.status).toBe(402);
    expect(await paid.json()).toMatchObject({ code: 'PAYMENT_FAILED', error: 'This payment can no longer be made. Please book again.' });
  });

  it('a paid booking is never released by a newer one', async () => {
    const selectedTime = await freshSlot(52);
    const buyer = await member();
    const first = (await (await book(buyer, selectedTime, 2)).json()) as Started;
    expect((await buyer.postJson('/api/payments/test/pay', { sessionId: first.paymentSession.id, card: CARD })).status).toBe(200);
    expect((await book(buyer, selectedTime, 3)).status).toBe(201);
    expect(await vacancies(selectedTime)).toBe(FOR_ALL - 5);
  });

  it('refuses more tickets than the product allows per booking, in the visitor language', async () => {
    const selectedTime = await freshSlot(64);
    const visitor = await member();
    const res = await book(visitor, selectedTime, 7);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'VALIDATION', error: 'At most 6 tickets per booking.' });
    const french = await visitor.postJson(`${PAY}?locale=fr`, { productId: PRODUCT, optionId: OPTION, quantities: { adult: 4, child: 3 }, selectedTime });
    expect(await french.json()).toEqual({ code: 'VALIDATION', error: '6 billets maximum par réservation.' });
    expect(await vacancies(selectedTime)).toBe(FOR_ALL);
  });

  it('limits Book per member and per client address, with Retry-After', async () => {
    const perMember = Number(TEST_SITE_ENV.RATE_LIMIT_BOOK_PER_MEMBER.split('/')[0]);
    const perAddress = Number(TEST_SITE_ENV.RATE_LIMIT_BOOK_PER_IP.split('/')[0]);
    const selectedTime = await freshSlot(76);
    const busy = await member();
    for (let i = 0; i < perMember; i++) expect((await book(busy, selectedTime, 1)).status).toBe(201);
    const refused = await book(busy, selectedTime, 1);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', error: 'Too many attempts. Please wait a few minutes and try again.' });

    // A second member behind the same address gets what is left of the address's allowance.
    const neighbour = await member(busy.address);
    for (let i = perMember; i < perAddress - 1; i++) expect((await book(neighbour, selectedTime, 1)).status).toBe(201);
    expect((await book(neighbour, selectedTime, 1)).status).toBe(429);
    // Each member keeps one hold of one place.
    expect(await vacancies(selectedTime)).toBe(FOR_ALL - 2);
  });
});
