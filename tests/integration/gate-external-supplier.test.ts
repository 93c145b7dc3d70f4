// With an external OCTO supplier (OCTO_BASE_URL; here the stand-in of tests/support/octo-stand-in.ts),
// the staff features that used to read our own inventory tables either work through the port or say
// that the supplier owns them (decision 0029): a genuine ticket gets a clear verdict at the gate, never
// UNKNOWN; "today" counts from the supplier's availability and our gate's admissions; the calendar
// answers that the supplier manages it; and a site started with OCTO_BASE_URL wires all of it so.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOutboxTransport } from '@/adapters/mail/outbox';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { signUp } from '@/modules/accounts/sign-up';
import { bookingDetail, findBookings } from '@/modules/bookings/find-bookings';
import { closeDay } from '@/modules/calendar/close-day';
import type { CalendarDeps } from '@/modules/calendar/deps';
import { calendarMonth } from '@/modules/calendar/month-view';
import { setCapacity } from '@/modules/calendar/set-capacity';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket, undoAdmission, type GateDeps } from '@/modules/gate/scan-ticket';
import { staffReport } from '@/modules/reports/staff-report';
import { dayOverview } from '@/modules/staff/day-overview';
import { signTicketCode } from '@/modules/tickets/ticket-codes';
import type { SupplierPort } from '@/ports/supplier';
import { AppError } from '@/server/errors';
import { users } from '@/server/db/schema';
import { newSigningSeed } from '@/server/ticket-keys';
import { openTestDatabase } from '../support/database';
import { STAND_IN_KEY, startOctoStandIn } from '../support/octo-stand-in';
import { startSite, type RunningServer } from '../support/server';
import { TEST_SITE_ENV, Visitor, staffEmail } from './sites';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const GATE_USER = { kind: 'staff' as const, userId: 'gate-1', email: 'gate-1@staff.example' };
const MANAGER = { kind: 'staff' as const, userId: 'manager-1', email: 'manager@staff.example' };
/** The charter's one slot on a day of the test's own choosing (the stand-in sells any day). */
const DAY = '2030-06-12';
const SLOT = `${DAY}T18:00:00-04:00`;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('staff features with an external OCTO supplier', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let standIn: Awaited<ReturnType<typeof startOctoStandIn>>;
  let supplier: SupplierPort;
  let deps: CheckoutDeps;
  let gate: GateDeps;
  let calendar: CalendarDeps;
  let clock = serverNow();
  const now = () => clock;

  beforeAll(async () => {
    vi.stubEnv('TICKET_SIGNING_KEY', newSigningSeed());
    database = await openTestDatabase();
    standIn = await startOctoStandIn();
    supplier = createOctoClient({ baseUrl: standIn.url, apiKey: STAND_IN_KEY });
    deps = { db: database.db, supplier, gateway: createTestGateway(database.db, now), mail: createOutboxTransport(async () => database.db), holdMinutes: 30, siteUrl: 'http://localhost:3000', now };
    gate = { db: database.db, supplier, toleranceMinutes: 30, ownInventory: false, now };
    calendar = { db: database.db, supplier, ownInventory: false, now };
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await standIn?.close();
    await database?.dispose();
  });

  async function paidCharter(guests: number) {
    // The stand-in's holds run out 15 minutes after the real clock's now: the purchase is made then, for
    // a slot on a fixed day years ahead; the scans below set the clock.
    clock = serverNow();
    const email = `gate.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(database.db, { email, contact: { firstName: 'Ana', lastName: 'Lima', phoneNumber: '+12125550100', country: 'US', postalCode: undefined, marketingOptIn: false }, locale: 'en' });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    const started = await startCheckout(deps, { userId: user!.id, email }, { productId: 'charter', optionId: 'sunset-cruise', quantities: { guest: guests }, selectedTime: SLOT }, 'en');
    await (deps.gateway as ReturnType<typeof createTestGateway>).pay(started.paymentSession.id, CARD);
    const { outcome, order } = await completeCheckout(deps, started.paymentSession.id);
    expect(outcome).toBe('confirmed');
    return order;
  }
  const scan = (code: string, admit?: string[]) => scanTicket(gate, { code, gate: 'North', by: GATE_USER, admit });

  it('admits a genuine ticket read through the port, once; the party by its booking reference; a stranger is UNKNOWN', async () => {
    const order = await paidCharter(2);
    const [first, second] = order.tickets!;
    expect(first!.code).toBeTruthy();
    clock = new Date(new Date(SLOT).getTime() + 5 * 60_000);
    const requestsBefore = standIn.requests.length;

    const valid = await scan(first!.code!);
    expect(valid).toMatchObject({ verdict: 'VALID', admitted: [first!.reference], booking: { reference: order.supplierReference, status: 'CONFIRMED' } });
    // The booking was read from the supplier: GET /bookings/{uuid}.
    expect(standIn.requests.slice(requestsBefore)).toContainEqual(expect.objectContaining({ method: 'GET', path: `/octo/bookings/${order.bookingUuid}` }));
    expect(await scan(first!.code!)).toMatchObject({ verdict: 'ALREADY_USED', usedBy: GATE_USER.email, usedGate: 'North' });

    // Typed, the supplier's own booking reference shows the party; the rest of it comes in.
    const party = await scan(order.supplierReference.toLowerCase());
    expect(party).toMatchObject({ verdict: 'VALID', admitted: [] });
    expect(await scan(order.supplierReference, [second!.reference])).toMatchObject({ verdict: 'VALID', admitted: [second!.reference] });
    expect((await scan(order.supplierReference)).verdict).toBe('ALREADY_USED');

    // Undo takes the admission back; the ticket comes in again.
    await undoAdmission(gate, { ticket: second!.reference, by: GATE_USER });
    expect(await scan(second!.code!)).toMatchObject({ verdict: 'VALID', admitted: [second!.reference] });

    // A code we signed for a booking the supplier never had is no ticket of ours to admit.
    const stranger = signTicketCode({ ticket: 'no-such-ticket', booking: 'SI000000', slot: SLOT });
    expect(await scan(stranger)).toEqual({ verdict: 'UNKNOWN' });
  });

  it('tells a ticket of the wrong day, an unconfirmed sale and a cancelled booking by the supplier', async () => {
    const order = await paidCharter(1);
    clock = new Date('2030-06-10T18:00:00Z');
    expect((await scan(order.tickets![0]!.code!)).verdict).toBe('WRONG_DAY');
    clock = new Date(new Date(SLOT).getTime());
    // A sale the supplier has not confirmed admits no one.
    standIn.holds.get(order.bookingUuid)!.status = 'PENDING';
    expect(await scan(order.tickets![0]!.code!)).toEqual({ verdict: 'UNKNOWN' });
    standIn.holds.get(order.bookingUuid)!.status = 'CANCELLED';
    expect((await scan(order.tickets![0]!.code!)).verdict).toBe('CANCELLED');
  });

  it('says the supplier could not be reached, rather than UNKNOWN', async () => {
    const order = await paidCharter(1);
    clock = new Date(SLOT);
    const away = { ...gate, supplier: createOctoClient({ baseUrl: 'http://127.0.0.1:9/octo', apiKey: STAND_IN_KEY, timeoutMs: 2_000 }) };
    const error = await refusal(scanTicket(away, { code: order.tickets![0]!.code!, gate: 'North', by: GATE_USER }));
    expect(error).toMatchObject({ status: 502, code: 'SUPPLIER_FAILED', key: 'gateSupplierUnreachable' });
  });

  it("counts today from the supplier's availability and our gate's admissions", async () => {
    const day = await dayOverview({ db: database.db, supplier, ownInventory: false }, DAY, clock);
    expect(day.source).toBe('supplier');
    const charter = day.slots.find((s) => s.productId === 'charter')!;
    // The stand-in reports 8 places and 8 vacancies; the first test's party of two came in here.
    expect(charter).toMatchObject({ availabilityId: SLOT, capacity: 8, held: 0, sold: 0, admitted: 2 });
    expect(day.closed).toBeNull();
  });

  it('says the calendar is the supplier’s: no closing, no capacities, no month of ours', async () => {
    expect(await refusal(closeDay(calendar, { date: DAY, reason: 'Private event', by: MANAGER }))).toMatchObject({ status: 409, code: 'NOT_CHANGEABLE', key: 'calendarManagedBySupplier' });
    expect(await refusal(setCapacity(calendar, { optionId: 'sunset-cruise', date: DAY, capacity: 4, by: MANAGER }))).toMatchObject({ key: 'calendarManagedBySupplier' });
    expect(await refusal(calendarMonth(calendar, DAY.slice(0, 7)))).toMatchObject({ key: 'calendarManagedBySupplier' });
  });

  it('says the booking search is the supplier’s, rather than "no booking matches"', async () => {
    expect(await refusal(findBookings(database.db, 'Lima', false))).toMatchObject({ status: 409, code: 'NOT_CHANGEABLE', key: 'bookingsManagedBySupplier' });
    expect(await refusal(bookingDetail(database.db, 'SI000000', false))).toMatchObject({ key: 'bookingsManagedBySupplier' });
  });

  it("counts the website's orders of the supplier in the visits report, with our gate's admissions", async () => {
    const after = new Date(new Date(SLOT).getTime() + 60 * 60_000);
    const { visits } = await staffReport(database.db, { from: DAY, to: DAY }, { timeZone: 'America/New_York', currency: 'USD', now: after });
    // Three orders on the day: a party of two (both admitted) and two of one (neither).
    expect(visits.byDay).toEqual([{ date: DAY, tickets: 4, admitted: 2, noShows: 2, expected: 0 }]);
  });
});

describe('a site selling the stand-in supplier\'s inventory (OCTO_BASE_URL)', () => {
  let standIn: Awaited<ReturnType<typeof startOctoStandIn>>;
  let site: RunningServer;
  let manager: Visitor;

  beforeAll(async () => {
    standIn = await startOctoStandIn();
    site = await startSite({ ...TEST_SITE_ENV, OCTO_BASE_URL: standIn.url, OCTO_API_KEY: STAND_IN_KEY });
    manager = new Visitor(site.url);
    await manager.signInAsStaff(staffEmail('manager', 1));
  });
  afterAll(async () => {
    await site?.stop();
    await standIn?.close();
  });

  it("shows today from the supplier's availability, and says so", async () => {
    const res = await manager.request(`/api/staff/today?date=${DAY}`);
    expect(res.status).toBe(200);
    const day = (await res.json()) as Awaited<ReturnType<typeof dayOverview>>;
    expect(day.source).toBe('supplier');
    expect(day.slots.find((s) => s.productId === 'charter')).toMatchObject({ availabilityId: SLOT, capacity: 8 });
    const page = await (await manager.request(`/staff/today?date=${DAY}`)).text();
    expect(page).toContain('The ticket supplier keeps these places');
  });

  it('answers calendar changes and the booking search with who owns them, in the caller\'s language', async () => {
    const closed = await manager.postJson('/api/staff/calendar/close', { date: DAY, reason: 'Private event' });
    expect(closed.status).toBe(409);
    expect(await closed.json()).toEqual({ error: 'Days and capacities are managed by the ticket supplier, not here. Change them in the supplier’s own system.', code: 'NOT_CHANGEABLE' });
    const german = await manager.request('/api/staff/bookings?q=Lima', { headers: { 'accept-language': 'de' } });
    expect(german.status).toBe(409);
    expect(await german.json()).toEqual({ error: 'Die Buchungen verwaltet der Ticketanbieter: Suchen Sie sie im System des Anbieters.', code: 'NOT_CHANGEABLE' });
    const page = await (await manager.request('/staff/calendar')).text();
    expect(page).toContain('This site sells another supplier’s tickets');
  });
});
