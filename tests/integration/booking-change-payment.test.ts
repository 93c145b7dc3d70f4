// A change to a higher total is paid before the booking moves (decision 0023), in process, on PGlite and
// (with TEST_DATABASE_URL) PostgreSQL: paid, then moved exactly once though the member's return and the
// payment's check job race; never paid, nothing changes and the held places come back; a full slot refused with nothing
// changed; a paid change that can no longer move refunded once; a cancellation gives back both payments.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import { TAKEN_TTL_MS } from '@/modules/inventory/taken-cache';
import { changeBooking } from '@/modules/bookings/change-booking';
import { cancelOwnBooking } from '@/modules/bookings/member-cancel';
import { completeChangePayment } from '@/modules/bookings/change-payment';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { AppError } from '@/server/errors';
import { bookingChanges, orders, payments, refunds, testPaymentSessions } from '@/server/db/schema';
import { signedUpMember, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { checkPayments } from '../support/jobs';
import { adults, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

describe.each(TEST_BACKENDS)('paying for a change of a booking on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl);

  async function booked(selectedTime: string, quantities: Record<string, number>) {
    const member = await signedUpMember(shop.db, 'upgrader');
    const started = await startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedTime }, 'fr');
    await shop.deps.gateway.pay(started.paymentSession.id, CARD);
    const { order } = await completeCheckout(shop.deps, started.paymentSession.id);
    expect(order.status).toBe('CONFIRMED');
    return { member, order, sessionId: started.paymentSession.id };
  }

  async function vacancies(day: string) {
    const slots = await shop.deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day });
    return new Map(slots.map((s) => [s.id, s.vacancies]));
  }
  async function twoSlots(daysAhead: number) {
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 4);
    const [first, second] = [...(await vacancies(day)).keys()];
    return { day, first: first!, second: second! };
  }

  const orderRow = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const changesOf = (orderId: string) => shop.db.select().from(bookingChanges).where(eq(bookingChanges.orderId, orderId));
  const session = async (id: string) => (await shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, id)))[0]!;
  const payment = async (sessionId: string) => (await shop.db.select().from(payments).where(eq(payments.gatewaySessionId, sessionId)))[0]!;
  const refundsOf = async (sessionId: string) => shop.db.select().from(refunds).where(eq(refunds.paymentId, (await payment(sessionId)).id));

  it('holds the new places, takes the difference once, then moves the booking though the return and its check job race', async () => {
    const { day, first, second } = await twoSlots(24);
    const { member, order, sessionId: orderSession } = await booked(first, { adult: 1 });
    const before = await vacancies(day);
    const request = { bookingId: order.supplierReference, quantities: { adult: 2 }, selectedTime: second };

    const quote = await changeBooking(shop.deps, member, request, 'fr');
    expect(quote).toMatchObject({ changed: false, fromTotal: 4400, toTotal: 8800, refund: 0, pay: 4400 });
    expect(quote.payment).toBeUndefined();

    const started = await changeBooking(shop.deps, member, { ...request, confirm: true }, 'fr');
    expect(started).toMatchObject({ changed: false, pay: 4400, payment: { paymentSession: { amount: 4400, currency: 'USD' } } });
    // Until it is paid, the booking stays where it was and the new places are held.
    expect(await orderRow(order.id)).toMatchObject({ availabilityId: first, total: 4400, tickets: order.tickets });
    let during = await vacancies(day);
    expect(during.get(first)).toBe(before.get(first));
    expect(during.get(second)).toBe(before.get(second)! - 2);
    const sessionId = started.payment!.paymentSession.id;
    expect(await completeChangePayment(shop.deps, sessionId)).toMatchObject({ outcome: 'unpaid' });

    await shop.deps.gateway.pay(sessionId, CARD);
    // The member's return and the payment's check job (its first look due) at once: one of them moves the
    // booking (the return answers `in-progress` when the job holds the payment's lease).
    shop.clock = new Date(serverNow().getTime() + 60_000);
    const [returned] = await Promise.all([completeChangePayment(shop.deps, sessionId), checkPayments(shop.deps)]);
    const again = await completeChangePayment(shop.deps, sessionId);
    shop.clock = undefined;
    expect(again.outcome).toBe('done-before');
    expect(['confirmed', 'in-progress']).toContain(returned.outcome);

    const after = await orderRow(order.id);
    expect(after).toMatchObject({ availabilityId: second, total: 8800, supplierReference: order.supplierReference });
    expect(after.tickets).toHaveLength(2);
    expect(after.replacedTickets.map((t) => t.reference)).toEqual(order.tickets!.map((t) => t.reference));
    const booking = await shop.deps.supplier.getBooking(order.bookingUuid);
    expect(booking.availabilityId).toBe(second);
    expect(booking.unitItems.map((i) => i.supplierReference).sort()).toEqual(after.tickets!.map((t) => t.reference).sort());
    // The old slot has its place back, the new one counts the booking's two places once (the hold is gone).
    during = await vacancies(day);
    expect(during.get(first)).toBe(before.get(first)! + 1);
    expect(during.get(second)).toBe(before.get(second)! - 2);
    expect(await shop.deps.supplier.getBooking((await changesOf(order.id))[0]!.holdUuid!)).toMatchObject({ status: 'CANCELLED' });

    expect(await session(sessionId)).toMatchObject({ status: 'paid', amount: 4400, refundedAmount: 0 });
    expect(await session(orderSession)).toMatchObject({ status: 'paid', refundedAmount: 0 });
    const [change] = await changesOf(order.id);
    expect(change).toMatchObject({ status: 'DONE', fromTotal: 4400, toTotal: 8800, payAmount: 4400, refundAmount: 0 });
    // The ledger: the difference is a payment of its own, confirmed, pointed to by the change.
    const paid = await payment(sessionId);
    expect(paid).toMatchObject({ purpose: 'change', referenceId: change!.id, amount: 4400, state: 'confirmed', leaseUntil: null });
    expect(paid.confirmedAt).not.toBeNull();
    expect(change!.paymentId).toBe(paid.id);
    const mails = (await listOutbox(shop.db, member.email)).filter((m) => m.subject.startsWith('Votre réservation a changé'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(order.supplierReference);
    expect(mails[0]!.text).toMatch(/44,00\s?\$US/);
    expect(mails[0]!.attachments!.map((a) => a.filename)).toEqual(expect.arrayContaining([`${order.supplierReference}.ics`, ...after.tickets!.map((t) => `${t.reference}.png`)]));
  });

  it('gives back both payments when a booking changed to a higher total is cancelled', async () => {
    const { first, second } = await twoSlots(28);
    const { member, order, sessionId: orderSession } = await booked(first, { adult: 1 });
    const started = await changeBooking(shop.deps, member, { bookingId: order.bookingUuid, quantities: { adult: 2 }, selectedTime: second, confirm: true }, 'en');
    await shop.deps.gateway.pay(started.payment!.paymentSession.id, CARD);
    expect(await completeChangePayment(shop.deps, started.payment!.paymentSession.id)).toMatchObject({ outcome: 'confirmed' });

    const { terms } = await cancelOwnBooking(shop.deps, member, { bookingId: order.bookingUuid });
    expect(terms.refund).toBe(8800);
    await cancelOwnBooking(shop.deps, member, { bookingId: order.bookingUuid, confirm: true, expectedRefund: 8800 });
    expect(await session(started.payment!.paymentSession.id)).toMatchObject({ status: 'refunded', refundedAmount: 4400 });
    expect(await session(orderSession)).toMatchObject({ status: 'refunded', refundedAmount: 4400 });
    // One refund of each payment, under the cancellation's key, the difference first.
    expect(await refundsOf(started.payment!.paymentSession.id)).toMatchObject([{ amount: 4400, state: 'done', idempotencyKey: `cancelled:${order.bookingUuid}` }]);
    expect(await refundsOf(orderSession)).toMatchObject([{ amount: 4400, state: 'done', idempotencyKey: `cancelled:${order.bookingUuid}` }]);
  });

  it('changes nothing when the difference is never paid, and the held places come back when the hold runs out', async () => {
    const { day, first, second } = await twoSlots(25);
    const { member, order } = await booked(first, { adult: 1 });
    const before = await vacancies(day);
    const started = await changeBooking(shop.deps, member, { bookingId: order.bookingUuid, quantities: { adult: 3 }, selectedTime: second, confirm: true }, 'en');
    expect((await vacancies(day)).get(second)).toBe(before.get(second)! - 3);

    // The payment's time (30 minutes) and the session's grace run out; its check job sees the session closed.
    shop.clock = new Date(new Date(started.payment!.expirationTime).getTime() + 15 * 60_000);
    // A hold running out writes nothing: availability reads see it once their short cache is stale.
    await expect.poll(async () => (await vacancies(day)).get(second), { timeout: TAKEN_TTL_MS + 5_000 }).toBe(before.get(second));
    await checkPayments(shop.deps);
    const [expired] = await changesOf(order.id);
    expect(expired).toMatchObject({ status: 'EXPIRED' });
    expect(await payment(started.payment!.paymentSession.id)).toMatchObject({ state: 'expired' });
    // Its session takes no payment any more.
    await expect(shop.deps.gateway.pay(started.payment!.paymentSession.id, CARD)).rejects.toMatchObject({ code: 'session_closed' });
    shop.clock = undefined;
    expect(await orderRow(order.id)).toMatchObject({ availabilityId: first, total: 4400, tickets: order.tickets, replacedTickets: [] });
    expect((await shop.deps.supplier.getBooking(order.bookingUuid)).availabilityId).toBe(first);
    expect(await session(started.payment!.paymentSession.id)).toMatchObject({ status: 'open', refundedAmount: 0 });
    expect((await listOutbox(shop.db, member.email)).some((m) => m.subject.startsWith('Your booking has changed'))).toBe(false);
  });

  it('refuses a change into a slot without enough places, holding nothing and charging nothing', async () => {
    const { day, first, second } = await twoSlots(26);
    const { member, order } = await booked(first, { adult: 1 });
    const free = (await vacancies(day)).get(second)!;
    // All but one of its places taken, 10 at a time (a booking's most, maxTicketsPerBooking).
    for (let left = free - 1; left > 0; left -= 10) {
      await shop.deps.supplier.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: second, unitItems: adults(Math.min(left, 10)) });
    }
    const refused = await changeBooking(shop.deps, member, { bookingId: order.bookingUuid, quantities: { adult: 2 }, selectedTime: second, confirm: true }, 'en').catch((e: unknown) => e as AppError);
    expect(refused).toMatchObject({ status: 409, code: 'SOLD_OUT' });
    expect((await vacancies(day)).get(second)).toBe(1);
    expect(await changesOf(order.id)).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ availabilityId: first, total: 4400, completionLeaseUntil: null });
  });

  it('refunds once the paid difference of a change that a newer change replaced', async () => {
    const { day, first, second } = await twoSlots(27);
    const { member, order } = await booked(first, { adult: 1 });
    const before = await vacancies(day);
    const costlier = await changeBooking(shop.deps, member, { bookingId: order.bookingUuid, quantities: { adult: 2 }, selectedTime: second, confirm: true }, 'en');
    // The member changes their mind: the same ticket at the other time, nothing to pay. The held places go back.
    const moved = await changeBooking(shop.deps, member, { bookingId: order.bookingUuid, quantities: { adult: 1 }, selectedTime: second, confirm: true }, 'en');
    expect(moved.changed).toBe(true);
    expect((await vacancies(day)).get(second)).toBe(before.get(second)! - 1);

    // The first change's session is paid anyway (another tab): the booking stays, the money goes back once.
    const sessionId = costlier.payment!.paymentSession.id;
    await shop.deps.gateway.pay(sessionId, CARD);
    const outcomes = await Promise.all([completeChangePayment(shop.deps, sessionId), completeChangePayment(shop.deps, sessionId)]);
    expect(outcomes.filter((o) => o.outcome === 'refunded')).toHaveLength(1);
    expect(await completeChangePayment(shop.deps, sessionId)).toMatchObject({ outcome: 'done-before' });
    expect(await session(sessionId)).toMatchObject({ status: 'refunded', refundedAmount: 4400 });
    expect(await payment(sessionId)).toMatchObject({ state: 'refunded' });
    expect(await refundsOf(sessionId)).toMatchObject([{ amount: 4400, state: 'done' }]);
    expect(await orderRow(order.id)).toMatchObject({ availabilityId: second, total: 4400 });
    const changes = await changesOf(order.id);
    expect(changes.map((c) => c.status).sort()).toEqual(['DONE', 'REFUNDED']);
    expect((await vacancies(day)).get(second)).toBe(before.get(second)! - 1);
  });
});
