// The office's bookings over HTTP: search by reference (booking or ticket), e-mail and name; one booking
// with its payment, tickets and admissions; tickets sent again; the operator's cancel. Bad input says so.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { OCTO_KEY, OPS_KEY, Visitor, staffEmail, uniqueEmail } from './sites';
import { firstSlot, openDay } from './supplier-scenarios';

/** `npm run ops -- …` against the test site: its exit code and what it printed. */
async function ops(url: string, ...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/ops.mjs', ...args], { env: { ...process.env, SKYPASS_URL: url, OPS_API_KEY: OPS_KEY } });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

describe.each(inject('backends'))('staff bookings on $name', ({ url }) => {
  async function paidBooking(daysAhead: number) {
    const buyer = new Visitor(url);
    const email = uniqueEmail('office');
    await buyer.signIn(email);
    const octo = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });
    const day = await openDay(octo, 'main-deck', 'main-deck-day', daysAhead);
    const selectedTime = await firstSlot(octo, 'main-deck', 'main-deck-day', day);
    const started = (await (await buyer.postJson('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime })).json()) as {
      paymentSession: { id: string };
    };
    const paid = (await (await buyer.postJson('/api/payments/test/pay', { sessionId: started.paymentSession.id, card: CARD })).json()) as {
      order: { reference: string; tickets: { reference: string }[] };
    };
    // Counted from here: the tickets e-mail is out (sent by the site's job runner, a moment after the payment).
    const tickets = (messages: { subject: string }[]) => messages.filter((m) => m.subject.startsWith('Your tickets')).length;
    await buyer.outboxWhen(email, (messages) => tickets(messages) === 1);
    return { buyer, email, order: paid.order, day };
  }

  it('finds a booking by reference, ticket, e-mail and name, shows it, and sends its tickets again', async () => {
    const gate = new Visitor(url);
    await gate.signInAsStaff(staffEmail('gate', 2));
    const { buyer, email, order } = await paidBooking(40);
    const search = async (q: string) => (await (await gate.request(`/api/staff/bookings?q=${encodeURIComponent(q)}`)).json()) as { bookings: { reference: string; name: string; email: string }[] };
    for (const q of [order.reference.toLowerCase(), order.tickets[1]!.reference, email.toUpperCase(), 'ana lim']) {
      expect((await search(q)).bookings.map((b) => b.reference), q).toContain(order.reference);
    }
    expect((await search(order.reference)).bookings[0]).toMatchObject({ name: 'Ana Lima', email });
    const short = await gate.request('/api/staff/bookings?q=a');
    expect(short.status).toBe(422);
    expect(await short.json()).toEqual({ code: 'INVALID_FIELDS', error: 'Type at least 2 characters to search' });

    const detail = (await (await gate.request(`/api/staff/bookings/detail?reference=${order.reference}`)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ reference: order.reference, status: 'CONFIRMED', channel: 'website', total: 8800, payment: { provider: 'test', orderStatus: 'CONFIRMED' }, cancellation: null });
    expect(detail.tickets).toHaveLength(2);
    const unknown = await gate.request('/api/staff/bookings/detail?reference=SKY-NOSUCH');
    expect(unknown.status).toBe(404);

    const before = (await buyer.outbox(email)).length;
    const resent = await gate.postJson('/api/staff/bookings/resend', { reference: order.reference });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ to: email });
    await buyer.outboxWhen(email, (messages) => messages.length >= before + 1);
    expect(await buyer.outbox(email)).toHaveLength(before + 1);
  });

  it('lets the operator cancel with its key (npm run ops -- cancel), once', async () => {
    const { order } = await paidBooking(41);
    const cancel = (body: unknown, key = OPS_KEY) => fetch(`${url}/api/ops/cancel`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await cancel({ reference: order.reference, refund: 'full' }, 'wrong-key-0123456789')).status).toBe(401);
    const done = await cancel({ reference: order.reference, refund: 'full', reason: 'Ops test' });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ reference: order.reference, refundAmount: 8800, refundStatus: 'refunded' });
    expect((await cancel({ reference: order.reference, refund: 'full' })).status).toBe(409);
  });

  it('resends the tickets and shows the day from the command line (npm run ops -- resend, today)', async () => {
    const { buyer, email, order, day } = await paidBooking(42);
    const before = (await buyer.outbox(email)).length;
    expect(await ops(url, 'resend', order.reference.toLowerCase())).toEqual({ code: 0, out: `The tickets of ${order.reference} are e-mailed again to ${email}.\n` });
    await buyer.outboxWhen(email, (messages) => messages.length >= before + 1);
    expect(await buyer.outbox(email)).toHaveLength(before + 1);
    expect(await ops(url, 'resend', 'SKY-NOSUCH')).toMatchObject({ code: 1, out: expect.stringMatching(/^Refused \(404\): /) });

    const today = await ops(url, 'today', day);
    expect(today.code).toBe(0);
    const lines = today.out.trim().split('\n');
    expect(lines[0]).toMatch(/^slot\s+capacity\s+held\s+sold\s+admitted\s+expected$/);
    expect(lines.at(-2)).toMatch(new RegExp(`^total ${day}\\s+\\d+\\s+\\d+\\s+[1-9]\\d*\\s+0\\s+[1-9]\\d*$`));
    // Then the people on the deck now, against its limit (config/attraction.json, decision 0045).
    expect(lines.at(-1)).toMatch(/^on the deck now: \d+ of 400$/);
    expect(await ops(url, 'today', '2026-13-45')).toMatchObject({ code: 1, out: expect.stringMatching(/^Refused \(4\d\d\): /) });
    // Four command-line processes, each a Node start: seconds apiece on a busy machine.
  }, 90_000);
});
