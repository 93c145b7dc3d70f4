// The gate in process (modules/gate/scan-ticket.ts): verdicts for valid, used, forged, altered, unknown,
// cancelled, wrong-day and wrong-time codes; a ticket admitted exactly once under 10 concurrent scans from
// different gates; a party admitted by choice; undo; the visit token; and "today"'s counts.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOutboxTransport } from '@/adapters/mail/outbox';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { signUp } from '@/modules/accounts/sign-up';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { changeBooking } from '@/modules/bookings/change-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket, undoAdmission, type GateDeps, type Verdict } from '@/modules/gate/scan-ticket';
import { dayOverview } from '@/modules/staff/day-overview';
import { signTicketCode } from '@/modules/tickets/ticket-codes';
import { orders, tokenIssues, ticketRedemptions, users } from '@/server/db/schema';
import { newSigningSeed, privateKeyFromSeed } from '@/server/ticket-keys';
import { openTestDatabase } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const gateUser = (n: number) => ({ kind: 'staff' as const, userId: `gate-${n}`, email: `gate-${n}@staff.example` });

describe('the gate', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let clock = serverNow();
  const now = () => clock;
  let deps: CheckoutDeps;
  let gate: GateDeps;

  beforeAll(async () => {
    vi.stubEnv('TICKET_SIGNING_KEY', newSigningSeed());
    database = await openTestDatabase();
    const supplier = createLocalSupplier(database.db, { resellerId: 'website', now });
    deps = { db: database.db, supplier, gateway: createTestGateway(database.db, now), mail: createOutboxTransport(async () => database.db), holdMinutes: 30, siteUrl: 'http://localhost:3000', now };
    gate = { db: database.db, supplier, toleranceMinutes: 30, ownInventory: true, now };
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await database?.dispose();
  });

  // Each order on a day of its own (openDay keeps the days of different days ahead apart), so one slot's
  // counts are one order's.
  async function paidOrder(daysAhead: number, adults = 2) {
    clock = serverNow();
    const email = `visitor.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(database.db, { email, contact: { firstName: 'Kai', lastName: 'Berg', phoneNumber: '+4915112345678', country: 'DE', postalCode: undefined, marketingOptIn: false }, locale: 'de' });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', daysAhead);
    const selectedTime = await firstSlot(deps.supplier, 'main-deck', 'main-deck-day', day);
    const checkout = await startCheckout(deps, { userId: user!.id, email }, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: adults }, selectedTime }, 'de');
    await (deps.gateway as ReturnType<typeof createTestGateway>).pay(checkout.paymentSession.id, CARD);
    const { order } = await completeCheckout(deps, checkout.paymentSession.id);
    return { order, userId: user!.id, day, start: new Date(selectedTime) };
  }
  const scan = (code: string, n = 1, admit?: string[]) => scanTicket(gate, { code, gate: `Gate ${n}`, by: gateUser(n), admit });
  const at = (date: Date, minutes: number) => (clock = new Date(date.getTime() + minutes * 60_000));

  it('admits a valid ticket once; scanned again it is ALREADY USED, with when, where and by whom', async () => {
    const { order, userId, start } = await paidOrder(31);
    at(start, 5);
    const [first, second] = order.tickets!;
    const valid = await scan(first!.code!);
    expect(valid).toMatchObject({ verdict: 'VALID', admitted: [first!.reference], booking: { reference: order.supplierReference } });
    // The verdict shows the booking as it now stands: the one ticket admitted, when, by whom and where.
    const stands = (await scanTicket(gate, { code: order.supplierReference, gate: 'Gate 9', by: gateUser(9), admit: [] })) as Extract<Verdict, { verdict: 'VALID' }>;
    expect((valid as Extract<Verdict, { verdict: 'VALID' }>).booking).toEqual(stands.booking);
    expect(stands.booking.tickets.map((t) => [t.admittedAt, t.admittedBy, t.gate])).toEqual([[clock.toISOString(), 'gate-1@staff.example', 'Gate 1'], [null, null, null]]);
    const used = await scan(first!.code!, 2);
    expect(used).toMatchObject({ verdict: 'ALREADY_USED', usedAt: clock.toISOString(), usedBy: 'gate-1@staff.example', usedGate: 'Gate 1' });
    // The rest of the party still comes in; the booking is redeemed at the supplier, the visit token earned once.
    expect(await scan(second!.reference.toLowerCase())).toMatchObject({ verdict: 'VALID', admitted: [second!.reference] });
    expect((await deps.supplier.getBooking(order.bookingUuid)).status).toBe('REDEEMED');
    const visits = (await database.db.select().from(tokenIssues).where(eq(tokenIssues.userId, userId))).filter((t) => t.source === `visit:${order.bookingUuid}`);
    expect(visits.length).toBeGreaterThan(0);
    expect(new Set(visits.map((v) => v.dropId)).size).toBe(visits.length);
    // The booking's reference now reads as used.
    expect((await scan(order.supplierReference)).verdict).toBe('ALREADY_USED');
  });

  it('admits a ticket exactly once under 10 concurrent scans from 10 gates', async () => {
    const { order, start } = await paidOrder(32, 1);
    at(start, -10);
    const code = order.tickets![0]!.code!;
    const verdicts = await Promise.all(Array.from({ length: 10 }, (_, i) => scan(code, i + 1)));
    expect(verdicts.filter((v) => v.verdict === 'VALID')).toHaveLength(1);
    expect(verdicts.filter((v) => v.verdict === 'ALREADY_USED')).toHaveLength(9);
    expect(await database.db.select().from(ticketRedemptions).where(eq(ticketRedemptions.ticketReference, order.tickets![0]!.reference))).toHaveLength(1);
  });

  it('tells forged, altered, malformed and unknown codes apart from real ones, without admitting anything', async () => {
    const { order, start } = await paidOrder(33, 1);
    at(start, 0);
    const code = order.tickets![0]!.code!;
    const [prefix, payload, signature] = code.split('.');
    const altered = Buffer.from(JSON.stringify(['TKT-00000000', order.supplierReference, order.availabilityId])).toString('base64url');
    expect(await scan(`${prefix}.${altered}.${signature}`)).toEqual({ verdict: 'FORGED' });
    const otherKey = { privateKey: privateKeyFromSeed(newSigningSeed()) };
    expect(await scan(signTicketCode({ ticket: order.tickets![0]!.reference, booking: order.supplierReference, slot: order.availabilityId }, otherKey))).toEqual({ verdict: 'FORGED' });
    // Signed by us but claiming another booking than the ticket's.
    expect(await scan(signTicketCode({ ticket: order.tickets![0]!.reference, booking: 'SKY-000000', slot: order.availabilityId }))).toEqual({ verdict: 'FORGED' });
    expect(await scan(`${prefix}.${payload}`)).toEqual({ verdict: 'UNKNOWN' });
    for (const text of ['hello', 'SKY-ZZZZZZ', 'TKT-ZZZZZZZZ', '{"ticket":1}', 'SKT1.%%%']) expect(await scan(text)).toEqual({ verdict: 'UNKNOWN' });
    expect(await database.db.select().from(ticketRedemptions).where(eq(ticketRedemptions.bookingUuid, order.bookingUuid))).toHaveLength(0);
    expect((await scan(code)).verdict).toBe('VALID');
  });

  it('answers WRONG DAY and WRONG TIME with the booked slot, within the tolerance VALID; a cancelled booking CANCELLED', async () => {
    const { order, start } = await paidOrder(34, 1);
    const code = order.tickets![0]!.code!;
    at(start, -24 * 60);
    expect(await scan(code)).toMatchObject({ verdict: 'WRONG_DAY', booking: { availabilityId: order.availabilityId } });
    at(start, -31);
    expect((await scan(code)).verdict).toBe('WRONG_TIME');
    at(start, 60 + 31);
    expect((await scan(code)).verdict).toBe('WRONG_TIME');
    at(start, 60 + 29);
    expect((await scan(code)).verdict).toBe('VALID');

    const other = await paidOrder(35, 1);
    await cancelBooking(deps, { reference: other.order.supplierReference, refund: { kind: 'full' }, by: gateUser(1) });
    at(other.start, 0);
    expect((await scan(other.order.tickets![0]!.code!)).verdict).toBe('CANCELLED');
  });

  it('answers CHANGED for the tickets a change of the booking replaced, and admits the new ones', async () => {
    const { order, userId, day } = await paidOrder(37, 1);
    const later = (await deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day })).filter((s) => s.available && s.id !== order.availabilityId).at(-1)!;
    const changed = await changeBooking(deps, { userId }, { bookingId: order.supplierReference, quantities: { adult: 1 }, selectedTime: later.id, confirm: true }, 'de');
    expect(changed.changed).toBe(true);
    const old = order.tickets![0]!;
    at(new Date(later.id), 0);
    for (const text of [old.code!, old.reference]) {
      expect(await scan(text)).toMatchObject({ verdict: 'CHANGED', booking: { reference: order.supplierReference, availabilityId: later.id } });
    }
    expect(await database.db.select().from(ticketRedemptions).where(eq(ticketRedemptions.bookingUuid, order.bookingUuid))).toHaveLength(0);
    const [fresh] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(fresh!.tickets![0]!.reference).not.toBe(old.reference);
    expect((await scan(fresh!.tickets![0]!.code!)).verdict).toBe('VALID');
  });

  it('shows a party by its booking reference and admits the tickets chosen; an admission can be undone for 5 minutes', async () => {
    const { order, start } = await paidOrder(36, 3);
    at(start, 1);
    const shown = (await scan(order.supplierReference)) as Extract<Verdict, { verdict: 'VALID' }>;
    expect(shown.verdict).toBe('VALID');
    expect(shown.admitted).toEqual([]);
    expect(shown.booking.tickets.map((t) => t.admittedAt)).toEqual([null, null, null]);
    const [a, b, c] = order.tickets!.map((t) => t.reference);
    expect(await scan(order.supplierReference, 1, [a!, b!])).toMatchObject({ verdict: 'VALID', admitted: [a, b] });
    await expect(scan(order.supplierReference, 1, ['TKT-00000000'])).rejects.toMatchObject({ status: 422, key: 'ticketNotInBooking' });

    at(start, 4);
    const afterUndo = await undoAdmission(gate, { ticket: b!, by: gateUser(1) });
    expect(afterUndo.tickets.find((t) => t.reference === b)!.admittedAt).toBeNull();
    expect(await scan(b!)).toMatchObject({ verdict: 'VALID', admitted: [b] });
    at(start, 10);
    await expect(undoAdmission(gate, { ticket: a!, by: gateUser(1) })).rejects.toMatchObject({ status: 409, key: 'undoTooLate' });
    await expect(undoAdmission(gate, { ticket: c!, by: gateUser(1) })).rejects.toMatchObject({ status: 404, key: 'noAdmission' });

    // Undoing every admission of a booking makes it CONFIRMED again at the supplier.
    const single = await paidOrder(38, 1);
    at(single.start, 0);
    await scan(single.order.tickets![0]!.code!);
    expect((await deps.supplier.getBooking(single.order.bookingUuid)).status).toBe('REDEEMED');
    await undoAdmission(gate, { ticket: single.order.tickets![0]!.reference, by: gateUser(1) });
    expect((await deps.supplier.getBooking(single.order.bookingUuid)).status).toBe('CONFIRMED');

    // Today: the slot's sold, admitted and expected.
    const day = await dayOverview({ db: database.db, supplier: deps.supplier, ownInventory: true }, order.availabilityId.slice(0, 10), clock);
    const slot = day.slots.find((s) => s.optionId === 'main-deck-day' && s.availabilityId === order.availabilityId)!;
    expect(slot).toMatchObject({ capacity: 150, sold: 3, admitted: 2, expected: 1, held: 0 });
    expect(day.totals.sold).toBeGreaterThanOrEqual(3);
  });
});
