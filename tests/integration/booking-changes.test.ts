// Members change their bookings, in process, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: another time
// with the same total, fewer tickets refunded exactly once, a higher total quoted, refusals that change nothing, 20 changes at once
// into a slot with 5 places, and the calendar file.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import { bookingCalendar } from '@/modules/bookings/booking-calendar';
import { changeBooking } from '@/modules/bookings/change-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { AppError } from '@/server/errors';
import { refundedOf } from '@/modules/payments/order-refunds';
import { refundPayment } from '@/modules/payments/refund-payment';
import { bookingChanges, orders, refunds, testPaymentSessions } from '@/server/db/schema';
import { embeddedCheckoutDeps, signedUpMember, sessionIdOf } from '../support/checkout';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { adults, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

describe.each(TEST_BACKENDS)('changing a booking on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  let clock: Date | undefined;
  const now = () => clock ?? serverNow();
  let deps: ReturnType<typeof embeddedCheckoutDeps>;
  const gateway = () => deps.gateway;

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
    deps = embeddedCheckoutDeps(database.db, now);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const newMember = () => signedUpMember(database.db, 'changer');

  /** A paid, confirmed booking of `quantities` at `selectedTime`. */
  async function booked(productId: string, optionId: string, selectedTime: string, quantities: Record<string, number>) {
    const member = await newMember();
    const started = await startCheckout(deps, member, { productId, optionId, quantities, selectedTime }, 'fr');
    await gateway().pay(started.paymentSession.id, CARD);
    const { order } = await completeCheckout(deps, started.paymentSession.id);
    expect(order.status).toBe('CONFIRMED');
    return { member, order };
  }

  async function slotsOf(productId: string, optionId: string, day: string) {
    return (await deps.supplier.availability({ productId, optionId, localDateStart: day, localDateEnd: day })).filter((s) => s.available);
  }

  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as AppError);

  it('moves a booking to another time: same reference, new tickets, the places moved, an e-mail with the calendar', async () => {
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', 20, 4);
    const [first, second] = await slotsOf('main-deck', 'main-deck-day', day);
    const { member, order } = await booked('main-deck', 'main-deck-day', first!.id, { adult: 2 });
    const vacanciesBefore = (await slotsOf('main-deck', 'main-deck-day', day)).map((s) => s.vacancies);

    const request = { bookingId: order.supplierReference, quantities: { adult: 2 }, selectedTime: second!.id };
    const quote = await changeBooking(deps, member, request, 'fr');
    expect(quote).toMatchObject({ changed: false, fromTotal: 8800, toTotal: 8800, refund: 0 });
    expect((await orderRow(order.id)).availabilityId).toBe(first!.id);

    const done = await changeBooking(deps, member, { ...request, confirm: true }, 'fr');
    expect(done.changed).toBe(true);
    const after = await orderRow(order.id);
    expect(after.supplierReference).toBe(order.supplierReference);
    expect(after.availabilityId).toBe(second!.id);
    expect(after.tickets).toHaveLength(2);
    expect(after.tickets!.map((t) => t.reference)).not.toEqual(expect.arrayContaining(order.tickets!.map((t) => t.reference)));
    expect(after.replacedTickets.map((t) => t.reference).sort()).toEqual(order.tickets!.map((t) => t.reference).sort());
    const booking = await deps.supplier.getBooking(order.bookingUuid);
    expect(booking.availabilityId).toBe(second!.id);
    expect(booking.unitItems.map((i) => i.supplierReference).sort()).toEqual(after.tickets!.map((t) => t.reference).sort());
    const vacanciesAfter = (await slotsOf('main-deck', 'main-deck-day', day)).map((s) => s.vacancies);
    expect(vacanciesAfter[0]).toBe(vacanciesBefore[0]! + 2);
    expect(vacanciesAfter[1]).toBe(vacanciesBefore[1]! - 2);

    const [mail] = await listOutbox(database.db, member.email);
    expect(mail!.html).toContain('lang="fr"');
    expect(mail!.text).toContain(order.supplierReference);
    expect(mail!.attachments!.map((a) => a.filename)).toEqual(expect.arrayContaining([`${order.supplierReference}.ics`, ...after.tickets!.map((t) => `${t.reference}.png`)]));
    // Nothing was refunded: the total stayed.
    const [session] = await database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, await sessionIdOf(database.db, order)));
    expect(session).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });

  it('refunds the difference of a lower total exactly once, and only quotes a higher total without confirm', async () => {
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', 21, 4);
    const [first, second] = await slotsOf('main-deck', 'main-deck-day', day);
    const { member, order } = await booked('main-deck', 'main-deck-day', first!.id, { adult: 2, child: 1 });
    expect(order.total).toBe(2 * 4400 + 3800);

    // A higher total is quoted with what there is to pay (paying it: booking-change-payment.test.ts).
    const higher = await changeBooking(deps, member, { bookingId: order.bookingUuid, quantities: { adult: 3 }, selectedTime: second!.id }, 'en');
    expect(higher).toMatchObject({ changed: false, toTotal: 13200, pay: 600, refund: 0 });
    expect(await orderRow(order.id)).toMatchObject({ availabilityId: first!.id, total: order.total });
    expect(await refundedOf(database.db, order)).toBe(0);

    const lower = { bookingId: order.bookingUuid, quantities: { adult: 2 }, selectedTime: second!.id, confirm: true };
    // A double click: two changes at once, one of them made.
    const results = await Promise.allSettled([changeBooking(deps, member, lower, 'en'), changeBooking(deps, member, lower, 'en')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(['bookingBusy', 'changeNothing']).toContain((refused.reason as AppError).key);

    const after = await orderRow(order.id);
    expect(after).toMatchObject({ availabilityId: second!.id, total: 8800, });
    expect(await refundedOf(database.db, after)).toBe(3800);
    const [session] = await database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, await sessionIdOf(database.db, order)));
    expect(session).toMatchObject({ status: 'refunded', refundedAmount: 3800 });
    const changes = await database.db.select().from(bookingChanges).where(eq(bookingChanges.orderId, order.id));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ refundAmount: 3800, fromTotal: 12600, toTotal: 8800 });
    // The ledger: one refund of the booking's payment, done, under the change's key.
    expect(await database.db.select().from(refunds).where(eq(refunds.paymentId, order.paymentId))).toMatchObject([{ amount: 3800, state: 'done', idempotencyKey: `change:${changes[0]!.id}` }]);
    // The same refund again (a retry) gives nothing more back.
    await refundPayment(deps, { payment: { id: order.paymentId, gatewaySessionId: await sessionIdOf(database.db, order) }, amount: 3800, key: `change:${changes[0]!.id}`, reason: 'retry' });
    expect(await database.db.select().from(refunds).where(eq(refunds.paymentId, order.paymentId))).toHaveLength(1);
    expect((await database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, await sessionIdOf(database.db, order))))[0]!.refundedAmount).toBe(3800);
    const mails = await listOutbox(database.db, member.email);
    expect(mails[0]!.text).toMatch(/38,00\s?\$US|\$38\.00/);
  });

  it('refuses someone else’s booking, an unknown time, a full slot and a past visit, changing nothing', async () => {
    const day = await openDay(deps.supplier, 'express-pass', 'express-main-top', 22, 8);
    const [first, second] = await slotsOf('express-pass', 'express-main-top', day);
    const { member, order } = await booked('express-pass', 'express-main-top', first!.id, { adult: 2 });
    const stranger = await newMember();
    const request = { bookingId: order.supplierReference, quantities: { adult: 2 }, selectedTime: second!.id, confirm: true };

    expect(await refusal(changeBooking(deps, stranger, request, 'en'))).toMatchObject({ status: 404, key: 'bookingNotFound' });
    expect(await refusal(changeBooking(deps, member, { ...request, selectedTime: '2031-01-01T03:17:00-05:00' }, 'en'))).toMatchObject({ status: 400 });
    // The second slot fills up for an Explorer (18 places: 2 of its 20 are kept for members, decision 0041): the change is refused.
    for (const size of [5, 5, 5, 3]) await deps.supplier.createBooking({ productId: 'express-pass', optionId: 'express-main-top', availabilityId: second!.id, unitItems: adults(size) });
    expect(await refusal(changeBooking(deps, member, request, 'en'))).toMatchObject({ status: 409, key: 'soldOut' });
    // After the visit has started, nothing can change.
    clock = new Date(new Date(first!.id).getTime() + 60_000);
    expect(await refusal(changeBooking(deps, member, { ...request, selectedTime: first!.id, quantities: { adult: 1 } }, 'en'))).toMatchObject({ status: 409, key: 'bookingNotChangeable' });
    clock = undefined;

    const after = await orderRow(order.id);
    expect(after).toMatchObject({ availabilityId: first!.id, total: order.total, tickets: order.tickets });
    expect(await refundedOf(database.db, order)).toBe(0);
    expect((await deps.supplier.getBooking(order.bookingUuid)).availabilityId).toBe(first!.id);
    expect(await database.db.select().from(bookingChanges).where(eq(bookingChanges.orderId, order.id))).toHaveLength(0);
  });

  it('moves exactly 5 of 20 bookings changing at once into a slot with 5 places', async () => {
    const day = await openDay(deps.supplier, 'express-pass', 'express-main-top', 30, 8);
    const [first, second, third] = await slotsOf('express-pass', 'express-main-top', day);
    // 20 bookings of one ticket each, over two slots (20 places a slot).
    const bookings = [];
    for (let i = 0; i < 20; i++) bookings.push(await booked('express-pass', 'express-main-top', (i % 2 ? first : second)!.id, { adult: 1 }));
    // 13 of the third slot's 20 places are taken, and 2 are kept for members (decision 0041): 5 are left for these Explorers.
    for (const size of [5, 4, 4]) await deps.supplier.createBooking({ productId: 'express-pass', optionId: 'express-main-top', availabilityId: third!.id, unitItems: adults(size) });

    const results = await Promise.allSettled(
      bookings.map(({ member, order }) => changeBooking(deps, member, { bookingId: order.bookingUuid, quantities: { adult: 1 }, selectedTime: third!.id, confirm: true }, 'en')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409, key: 'soldOut' });

    const rows = await Promise.all(bookings.map(({ order }) => orderRow(order.id)));
    const moved = rows.filter((r) => r.availabilityId === third!.id);
    expect(moved).toHaveLength(5);
    // Every booking is in exactly one slot, and the supplier agrees with the orders.
    for (const row of rows) expect((await deps.supplier.getBooking(row.bookingUuid)).availabilityId).toBe(row.availabilityId);
    const [slot] = (await deps.supplier.availability({ productId: 'express-pass', optionId: 'express-main-top', availabilityIds: [third!.id] }));
    expect(slot!.vacancies).toBe(0);
  }, 120_000);

  it('makes a calendar file with the slot, the address and the reference, updated by a change', async () => {
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', 23, 2);
    const [first, second] = await slotsOf('main-deck', 'main-deck-day', day);
    const { member, order } = await booked('main-deck', 'main-deck-day', first!.id, { adult: 1 });
    const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

    const before = await bookingCalendar(deps, member.userId, order.supplierReference);
    const ics = before.ics.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`UID:${order.bookingUuid}@skyline-tower`);
    expect(ics).toContain(`DTSTART:${utc(first!.localDateTimeStart)}`);
    expect(ics).toContain(`DTEND:${utc(first!.localDateTimeEnd)}`);
    expect(ics).toContain('LOCATION:Skyline Tower\\, 350 Skyline Avenue\\, New York\\, NY 10001\\, USA');
    expect(ics).toContain(order.supplierReference);
    expect(ics).toContain('SEQUENCE:0');
    await expect(bookingCalendar(deps, (await newMember()).userId, order.supplierReference)).rejects.toMatchObject({ status: 404 });

    await changeBooking(deps, member, { bookingId: order.bookingUuid, quantities: { adult: 1 }, selectedTime: second!.id, confirm: true }, 'en');
    const after = (await bookingCalendar(deps, member.userId, order.bookingUuid)).ics.replace(/\r\n[ \t]/g, '');
    expect(after).toContain(`DTSTART:${utc(second!.localDateTimeStart)}`);
    expect(after).toContain(`UID:${order.bookingUuid}@skyline-tower`);
    expect(after).toContain('SEQUENCE:1');
  });
});
