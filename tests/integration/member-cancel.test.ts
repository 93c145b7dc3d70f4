// Members cancel their own bookings within the product's policy, in process, on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL: everything back before the deadline, the policy's share after it, nothing
// once the visit started; the refund exactly once under concurrent confirmations; a refund that changed
// since it was shown cancels nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import { changeBooking } from '@/modules/bookings/change-booking';
import { cancelOwnBooking } from '@/modules/bookings/member-cancel';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import type { AppError } from '@/server/errors';
import { bookingCancellations, orders, refunds, testPaymentSessions } from '@/server/db/schema';
import { sessionIdOf, signedUpMember, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { openDay } from './supplier-scenarios';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const HOUR = 3_600_000;

describe.each(TEST_BACKENDS)('a member cancels on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl);

  async function booked(productId: string, optionId: string, daysAhead: number, quantities: Record<string, number>) {
    const member = await signedUpMember(shop.db, 'canceller', 'nl');
    const day = await openDay(shop.deps.supplier, productId, optionId, daysAhead, 4);
    const slots = (await shop.deps.supplier.availability({ productId, optionId, localDateStart: day, localDateEnd: day })).filter((s) => s.available);
    const started = await startCheckout(shop.deps, member, { productId, optionId, quantities, selectedTime: slots[0]!.id }, 'nl');
    await shop.deps.gateway.pay(started.paymentSession.id, CARD);
    const { order } = await completeCheckout(shop.deps, started.paymentSession.id);
    return { member, order, slots };
  }

  const session = async (id: string) => (await shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, id)))[0]!;
  const vacancies = async (productId: string, optionId: string, availabilityId: string) =>
    (await shop.deps.supplier.availability({ productId, optionId, availabilityIds: [availabilityId] }))[0]!.vacancies ?? 0;
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as AppError);

  it('before the deadline: the member sees the full refund, confirms, and gets it back once; the places return', async () => {
    const { member, order } = await booked('main-deck', 'main-deck-day', 20, { adult: 2 });
    const free = await vacancies('main-deck', 'main-deck-day', order.availabilityId);
    const { terms } = await cancelOwnBooking(shop.deps, member, { bookingId: order.supplierReference });
    expect(terms).toMatchObject({ refund: 8800, percent: 100, total: 8800 });
    expect(new Date(terms.freeUntil).getTime()).toBe(new Date(order.availabilityId).getTime() - 24 * HOUR);
    // Nothing happened yet.
    expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('CONFIRMED');

    // Three confirmations at once (a double click, two tabs): one cancellation, one refund.
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => cancelOwnBooking(shop.deps, member, { bookingId: order.bookingUuid, confirm: true, expectedRefund: 8800 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('ALREADY_CANCELLED');
    expect(await session(await sessionIdOf(shop.db, order))).toMatchObject({ status: 'refunded', refundedAmount: 8800 });
    expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('CANCELLED');
    expect(await vacancies('main-deck', 'main-deck-day', order.availabilityId)).toBe(free + 2);
    const [row] = await shop.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingUuid, order.bookingUuid));
    expect(row).toMatchObject({ refundAmount: 8800, byKind: 'member' });
    // The money went back as one refund of the ledger, done.
    expect(await shop.db.select().from(refunds).where(eq(refunds.paymentId, order.paymentId))).toMatchObject([{ amount: 8800, state: 'done', idempotencyKey: `cancelled:${order.bookingUuid}` }]);
    const mails = await listOutbox(shop.db, member.email);
    expect(mails[0]!.html).toContain('lang="nl"');
    expect(await refusal(cancelOwnBooking(shop.deps, member, { bookingId: order.bookingUuid }))).toMatchObject({ status: 409, code: 'ALREADY_CANCELLED' });
  });

  it('after the deadline: the policy’s share (50%, or nothing for the Express Pass); after the start: no cancelling', async () => {
    const main = await booked('main-deck', 'main-deck-day', 21, { adult: 1, child: 1 });
    shop.clock = new Date(new Date(main.order.availabilityId).getTime() - 2 * HOUR);
    const { terms } = await cancelOwnBooking(shop.deps, main.member, { bookingId: main.order.bookingUuid });
    expect(terms).toMatchObject({ refund: Math.floor((4400 + 3800) / 2), percent: 50 });
    // The refund shown before the deadline is no longer the refund: nothing is cancelled.
    expect(await refusal(cancelOwnBooking(shop.deps, main.member, { bookingId: main.order.bookingUuid, confirm: true, expectedRefund: 8200 }))).toMatchObject({
      status: 409,
      key: 'cancelRefundChanged',
    });
    expect((await shop.db.select().from(orders).where(eq(orders.id, main.order.id)))[0]!.status).toBe('CONFIRMED');
    await cancelOwnBooking(shop.deps, main.member, { bookingId: main.order.bookingUuid, confirm: true, expectedRefund: 4100 });
    expect(await session(await sessionIdOf(shop.db, main.order))).toMatchObject({ refundedAmount: 4100 });

    const express = await booked('express-pass', 'express-main', 22, { adult: 1 });
    shop.clock = new Date(new Date(express.order.availabilityId).getTime() - 47 * HOUR);
    const late = await cancelOwnBooking(shop.deps, express.member, { bookingId: express.order.bookingUuid });
    expect(late.terms).toMatchObject({ refund: 0, percent: 0 });
    shop.clock = new Date(new Date(express.order.availabilityId).getTime() + 60_000);
    expect(await refusal(cancelOwnBooking(shop.deps, express.member, { bookingId: express.order.bookingUuid, confirm: true, expectedRefund: 0 }))).toMatchObject({
      status: 409,
      key: 'memberCannotCancel',
    });
    shop.clock = undefined;
    expect((await shop.db.select().from(orders).where(eq(orders.id, express.order.id)))[0]!.status).toBe('CONFIRMED');
    expect(await session(await sessionIdOf(shop.db, express.order))).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });

  it('someone else’s booking is unknown; after a change to a lower total, cancelling gives back the rest, never more', async () => {
    const { member, order, slots } = await booked('main-deck', 'main-deck-day', 23, { adult: 2 });
    const stranger = { userId: (await booked('main-deck', 'main-deck-day', 23, { adult: 1 })).member.userId, email: 'x@example.com' };
    expect(await refusal(cancelOwnBooking(shop.deps, stranger, { bookingId: order.supplierReference, confirm: true, expectedRefund: 8800 }))).toMatchObject({ status: 404 });

    await changeBooking(shop.deps, member, { bookingId: order.bookingUuid, quantities: { adult: 1 }, selectedTime: slots[1]!.id, confirm: true }, 'nl');
    expect(await session(await sessionIdOf(shop.db, order))).toMatchObject({ refundedAmount: 4400 });
    const { terms } = await cancelOwnBooking(shop.deps, member, { bookingId: order.bookingUuid, confirm: true, expectedRefund: 4400 });
    expect(terms.refund).toBe(4400);
    expect(await session(await sessionIdOf(shop.db, order))).toMatchObject({ status: 'refunded', refundedAmount: 8800 });
  });
});
