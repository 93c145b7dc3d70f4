// A booking whose ticket was admitted at the gate can still be cancelled (decision 0033): it becomes
// CANCELLED, its admission stays recorded as history (a later scan reads CANCELLED, never VALID), and what
// comes back is exactly the product's cancellation policy at that moment, whoever cancels it: the member
// (the terms shown first), the office (whatever refund it picked) or a reseller through OCTO. Before the
// visit Main Deck's policy gives half back within 24 hours; from the start, nothing. On PGlite and PostgreSQL.
import { serverNow } from '@/server/clock';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { cancelOwnBooking } from '@/modules/bookings/member-cancel';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket, type GateDeps } from '@/modules/gate/scan-ticket';
import { AppError } from '@/server/errors';
import { bookingCancellations, orders, refunds, ticketRedemptions } from '@/server/db/schema';
import { newSigningSeed } from '@/server/ticket-keys';
import { embeddedCheckoutDeps, signedUpMember } from '../support/checkout';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { adults, openDay } from './supplier-scenarios';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const MINUTE = 60_000;
const staff = { kind: 'staff' as const, userId: 'desk-1', email: 'desk-1@staff.example' };

describe.each(TEST_BACKENDS)('cancelling an admitted booking ($name)', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  let clock = serverNow();
  let deps: ReturnType<typeof embeddedCheckoutDeps>;
  let gate: GateDeps;
  let member: { userId: string; email: string };
  let slots: string[];

  beforeAll(async () => {
    vi.stubEnv('TICKET_SIGNING_KEY', newSigningSeed());
    database = await openBackendDatabase(adminUrl);
    deps = embeddedCheckoutDeps(database.db, () => clock);
    gate = { db: database.db, supplier: deps.supplier, toleranceMinutes: 30, ownInventory: true, now: () => clock };
    member = await signedUpMember(database.db, 'admitted');
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', 41);
    const all = await deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day });
    slots = all.filter((s) => s.available).map((s) => s.id);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await database?.dispose();
  });

  /** A paid booking of two adults on slot `n` of the day, its first ticket scanned 10 minutes before the start. */
  async function admittedOrder(n: number) {
    clock = serverNow();
    const slot = slots[n]!;
    const checkout = await startCheckout(deps as CheckoutDeps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime: slot }, 'fr');
    await deps.gateway.pay(checkout.paymentSession.id, CARD);
    const { order } = await completeCheckout(deps, checkout.paymentSession.id);
    clock = new Date(new Date(slot).getTime() - 10 * MINUTE);
    const ticket = order.tickets![0]!;
    expect((await scanTicket(gate, { code: ticket.code!, gate: 'Gate 1', by: staff })).verdict).toBe('VALID');
    return { order, slot, ticket };
  }

  const scan = (code: string) => scanTicket(gate, { code, gate: 'Gate 2', by: staff });
  const refundedOf = async (bookingUuid: string) =>
    (await database.db.select().from(refunds).where(eq(refunds.idempotencyKey, `cancelled:${bookingUuid}`))).reduce((sum, r) => sum + r.amount, 0);
  const liveAdmissions = (bookingUuid: string) =>
    database.db.select().from(ticketRedemptions).where(and(eq(ticketRedemptions.bookingUuid, bookingUuid), isNull(ticketRedemptions.undoneAt)));
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof AppError) return { status: error.status, key: error.key };
        throw error;
      },
    );

  it('lets the member cancel before the visit for the refund the page offered, the policy’s half; the scan then reads CANCELLED', async () => {
    const { order, ticket } = await admittedOrder(0);
    // What the booking page shows: the policy's terms, admitted or not.
    const { terms } = await cancelOwnBooking(deps, member, { bookingId: order.supplierReference });
    expect(terms).toMatchObject({ percent: 50, refund: Math.floor(order.total / 2), total: order.total });
    const { cancellation } = await cancelOwnBooking(deps, member, { bookingId: order.supplierReference, confirm: true, expectedRefund: terms.refund });
    expect(cancellation).toMatchObject({ refundAmount: terms.refund, refundStatus: 'refunded' });
    expect(await refundedOf(order.bookingUuid)).toBe(terms.refund);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('CANCELLED');
    expect((await deps.supplier.getBooking(order.bookingUuid)).status).toBe('CANCELLED');
    // The admission is history; neither the admitted ticket nor the other one lets anyone in.
    expect((await liveAdmissions(order.bookingUuid)).map((a) => a.ticketReference)).toEqual([ticket.reference]);
    expect((await scan(ticket.code!)).verdict).toBe('CANCELLED');
    expect((await scan(order.tickets![1]!.code!)).verdict).toBe('CANCELLED');
  });

  it('gives nothing back once the visit has begun, whatever refund the office picked; the scan then reads CANCELLED', async () => {
    const { order, slot, ticket } = await admittedOrder(1);
    clock = new Date(new Date(slot).getTime() + 5 * MINUTE);
    // Online, the member is offered nothing to cancel once the visit has begun.
    expect(await refusal(cancelOwnBooking(deps, member, { bookingId: order.supplierReference }))).toEqual({ status: 409, key: 'memberCannotCancel' });
    const cancellation = await cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: staff });
    expect(cancellation).toMatchObject({ refundAmount: 0, refundStatus: 'none' });
    expect(await refundedOf(order.bookingUuid)).toBe(0);
    const [recorded] = await database.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingUuid, order.bookingUuid));
    expect(recorded!.refundAmount).toBe(0);
    expect((await deps.supplier.getBooking(order.bookingUuid)).status).toBe('CANCELLED');
    expect(await liveAdmissions(order.bookingUuid)).toHaveLength(1);
    expect((await scan(ticket.code!)).verdict).toBe('CANCELLED');
  });

  it('still refuses to cancel a booking nobody came for once its visit has begun, and an admitted one once its visit is over', async () => {
    clock = serverNow();
    const unused = await startCheckout(deps as CheckoutDeps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slots[2]! }, 'fr');
    await deps.gateway.pay(unused.paymentSession.id, CARD);
    const { order: noShow } = await completeCheckout(deps, unused.paymentSession.id);
    clock = new Date(new Date(slots[2]!).getTime() + MINUTE);
    expect(await refusal(cancelBooking(deps, { reference: noShow.supplierReference, refund: { kind: 'none' }, by: staff }))).toEqual({ status: 409, key: 'notCancellableNow' });

    const { order, slot } = await admittedOrder(3);
    const booking = await deps.supplier.getBooking(order.bookingUuid);
    clock = new Date(new Date(booking.availability?.localDateTimeEnd ?? slot).getTime() + MINUTE);
    expect(await refusal(cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'none' }, by: staff }))).toEqual({ status: 409, key: 'notCancellableNow' });
    expect(await database.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingUuid, order.bookingUuid))).toHaveLength(0);
  });

  it('tells a reseller through OCTO what the policy gives for an admitted booking: PARTIAL before the visit, NONE once it has begun', async () => {
    const partner = (at: Date) => createLocalSupplier(database.db, { resellerId: 'partner', now: () => at });
    for (const [n, minutesFromStart, refund] of [
      [4, -5, 'PARTIAL'],
      [5, 5, 'NONE'],
    ] as const) {
      const availabilityId = slots[n]!;
      const start = new Date(availabilityId).getTime();
      const held = await partner(serverNow()).createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId, unitItems: adults(1) });
      const confirmed = await partner(serverNow()).confirmBooking(held.uuid, { contact: { fullName: 'Ana Lima' } });
      const reference = confirmed.supplierReference!;
      clock = new Date(start - 10 * MINUTE);
      // A reference read at the gate shows the party; its ticket is then ticked, as the gate's page does.
      const party = await scan(reference);
      const admit = party.verdict === 'VALID' ? [party.booking.tickets[0]!.reference] : [];
      expect(await scanTicket(gate, { code: reference, gate: 'Gate 2', by: staff, admit })).toMatchObject({ verdict: 'VALID', admitted: admit });
      const at = new Date(start + minutesFromStart * MINUTE);
      const cancelled = await partner(at).cancelBooking(held.uuid, { reason: 'The visitor left' });
      expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellation: { refund } });
      clock = at;
      expect((await scan(reference)).verdict).toBe('CANCELLED');
    }
  });
});
