// Cancelling a booking in process (modules/bookings/cancel-booking.ts): the places go back, the refund
// goes back once (full, partial or none), the member is e-mailed once in their language, and the audit
// log says who did it. Bad input changes nothing. Tickets of a confirmed order carry signed codes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import { cancelBooking, type CancelRequest } from '@/modules/bookings/cancel-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { listAudit } from '@/modules/staff/audit-log';
import { verifyTicketCode } from '@/modules/tickets/ticket-codes';
import type { PaymentGateway } from '@/ports/payments';
import { AppError } from '@/server/errors';
import { bookingCancellations, orders, testPaymentSessions } from '@/server/db/schema';
import { newSigningSeed } from '@/server/ticket-keys';
import { embeddedCheckoutDeps, signedUpMember, sessionIdOf } from '../support/checkout';
import { openTestDatabase } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const STAFF = { kind: 'staff' as const, userId: 'staff-user', email: 'manager@staff.example' };

describe('cancelling a booking', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let clock = serverNow();
  const now = () => clock;
  let deps: ReturnType<typeof embeddedCheckoutDeps>;

  beforeAll(async () => {
    vi.stubEnv('TICKET_SIGNING_KEY', newSigningSeed());
    database = await openTestDatabase();
    deps = embeddedCheckoutDeps(database.db, now);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await database?.dispose();
  });

  /** A member with a confirmed, paid order of two adults (2 × $44). */
  async function paidOrder(daysAhead: number, gateway = deps.gateway) {
    const { userId, email } = await signedUpMember(database.db, 'member');
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', daysAhead);
    const selectedTime = await firstSlot(deps.supplier, 'main-deck', 'main-deck-day', day);
    const checkout = await startCheckout({ ...deps, gateway }, { userId, email }, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime }, 'fr');
    await deps.gateway.pay(checkout.paymentSession.id, CARD);
    const { order } = await completeCheckout({ ...deps, gateway }, checkout.paymentSession.id);
    expect(order.status).toBe('CONFIRMED');
    return { email, order, selectedTime };
  }

  const vacancies = async (availabilityId: string) => {
    const [slot] = await deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', availabilityIds: [availabilityId] });
    return slot!.vacancies ?? 0;
  };
  const session = async (id: string) => (await database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, id)))[0]!;
  const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as AppError);

  it('gives every ticket of a confirmed order a signed code naming the ticket, the booking and the slot', async () => {
    const { order } = await paidOrder(21);
    expect(order.tickets).toHaveLength(2);
    for (const ticket of order.tickets!) {
      expect(verifyTicketCode(ticket.code!)).toEqual({ valid: true, claims: { ticket: ticket.reference, booking: order.supplierReference, slot: order.availabilityId } });
    }
  });

  it('cancels with a full refund: the places return, the money returns, the member is told in French, the log says who', async () => {
    const { email, order, selectedTime } = await paidOrder(22);
    const before = await vacancies(selectedTime);
    const result = await cancelBooking(deps, { reference: order.supplierReference.toLowerCase(), refund: { kind: 'full' }, by: STAFF, reason: 'Storm' });
    expect(result).toMatchObject({ reference: order.supplierReference, refundAmount: 8800, currency: 'USD', refundStatus: 'refunded' });
    expect(await vacancies(selectedTime)).toBe(before + 2);
    expect(await session(await sessionIdOf(database.db, order))).toMatchObject({ status: 'refunded', refundedAmount: 8800 });
    expect((await deps.supplier.getBooking(order.bookingUuid)).status).toBe('CANCELLED');
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('CANCELLED');
    const mails = await listOutbox(database.db, email);
    const cancelled = mails.filter((m) => m.subject.includes('annulée'));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain(order.supplierReference);
    expect(cancelled[0]!.text).toMatch(/remboursé 88,00/);
    const [entry] = (await listAudit(database.db)).filter((e) => e.target === order.supplierReference);
    expect(entry).toMatchObject({ actorKind: 'staff', actorEmail: STAFF.email, action: 'booking.cancel', before: { status: 'CONFIRMED' } });
    expect(entry!.after).toMatchObject({ status: 'CANCELLED', refundAmount: 8800, reason: 'Storm' });
  });

  it('cancels once under 10 concurrent cancellations: one refund, one e-mail, the others are told it is done', async () => {
    const { email, order, selectedTime } = await paidOrder(23);
    const before = await vacancies(selectedTime);
    const refund = vi.spyOn(deps.gateway, 'refund');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: STAFF })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'ALREADY_CANCELLED' });
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
    expect(await vacancies(selectedTime)).toBe(before + 2);
    expect((await listOutbox(database.db, email)).filter((m) => m.subject.includes('annulée'))).toHaveLength(1);
    expect(await database.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingUuid, order.bookingUuid))).toHaveLength(1);
    // And a later one is refused too, refunding nothing more.
    expect(await refusal(cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: STAFF }))).toMatchObject({ status: 409, key: 'alreadyCancelled' });
    expect(await session(await sessionIdOf(database.db, order))).toMatchObject({ refundedAmount: 8800 });
  });

  it('refuses a partial refund outside 1 to the total, an unknown reference, and changes nothing', async () => {
    const { order, selectedTime } = await paidOrder(24);
    const before = await vacancies(selectedTime);
    const attempt = (request: Partial<CancelRequest>) => refusal(cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: STAFF, ...request }));
    expect(await attempt({ refund: { kind: 'partial', amount: 0 } })).toMatchObject({ status: 422, key: 'refundAmountRange' });
    expect(await attempt({ refund: { kind: 'partial', amount: 8801 } })).toMatchObject({ status: 422, key: 'refundAmountRange' });
    expect(await attempt({ refund: { kind: 'partial', amount: 12.5 } })).toMatchObject({ status: 422 });
    expect(await attempt({ reference: 'SKY-NOSUCH' })).toMatchObject({ status: 404, key: 'noSuchReference' });
    expect(await vacancies(selectedTime)).toBe(before);
    expect((await deps.supplier.getBooking(order.bookingUuid)).status).toBe('CONFIRMED');
    expect(await session(await sessionIdOf(database.db, order))).toMatchObject({ status: 'paid', refundedAmount: 0 });
    // Within range it works: a partial refund.
    const result = await cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'partial', amount: 4400 }, by: { kind: 'operator' } });
    expect(result).toMatchObject({ refundAmount: 4400, refundStatus: 'refunded' });
    expect(await session(await sessionIdOf(database.db, order))).toMatchObject({ status: 'refunded', refundedAmount: 4400 });
  });

  it('cancels without a refund and says so; a booking whose slot has begun cannot be cancelled', async () => {
    const { email, order } = await paidOrder(25);
    expect(await cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'none' }, by: STAFF })).toMatchObject({ refundAmount: 0, refundStatus: 'none' });
    expect(await session(await sessionIdOf(database.db, order))).toMatchObject({ status: 'paid' });
    const [mail] = (await listOutbox(database.db, email)).filter((m) => m.subject.includes('annulée'));
    expect(mail!.text).toContain('Aucun remboursement');

    const late = await paidOrder(26);
    clock = new Date(new Date(late.selectedTime).getTime() + 60_000);
    expect(await refusal(cancelBooking(deps, { reference: late.order.supplierReference, refund: { kind: 'full' }, by: STAFF }))).toMatchObject({ status: 409, key: 'notCancellableNow' });
    expect(await session(await sessionIdOf(database.db, late.order))).toMatchObject({ status: 'paid' });
    clock = serverNow();
  });

  it('keeps a refund the gateway could not take pending, and takes it on the next call', async () => {
    const failing: PaymentGateway = { ...deps.gateway, refund: () => Promise.reject(new Error('gateway down')) };
    const { order } = await paidOrder(27);
    const first = await cancelBooking({ ...deps, gateway: failing }, { reference: order.supplierReference, refund: { kind: 'full' }, by: STAFF });
    expect(first.refundStatus).toBe('pending');
    expect(await session(await sessionIdOf(database.db, order))).toMatchObject({ status: 'paid' });
    // At once it is another caller's work in progress; a minute later it is taken up.
    expect(await refusal(cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: STAFF }))).toMatchObject({ status: 409 });
    clock = new Date(clock.getTime() + 61_000);
    expect(await cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: STAFF })).toMatchObject({ refundStatus: 'refunded', refundAmount: 8800 });
    expect(await session(await sessionIdOf(database.db, order))).toMatchObject({ status: 'refunded', refundedAmount: 8800 });
    clock = serverNow();
  });
});
