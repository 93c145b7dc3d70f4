// The states of a booking of our inventory (modules/inventory/booking-states.ts), through the local supplier,
// on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the moves its table allows are made; a move it refuses
// is an OCTO error (UNPROCESSABLE_ENTITY) and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupplierError } from '@/ports/supplier';
import { embeddedCheckoutDeps } from '../support/checkout';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { adults, firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const MAIN = { productId: 'main-deck', optionId: 'main-deck-day' };
const CONTACT = { contact: { fullName: 'A Visitor' } };

describe.each(TEST_BACKENDS)('the states of a booking on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  let clock: Date | undefined;
  const now = () => clock ?? serverNow();
  let deps: ReturnType<typeof embeddedCheckoutDeps>;
  let availabilityId: string;

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
    deps = embeddedCheckoutDeps(database.db, now);
    const day = await openDay(deps.supplier, MAIN.productId, MAIN.optionId, 50, 8);
    availabilityId = await firstSlot(deps.supplier, MAIN.productId, MAIN.optionId, day);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as SupplierError);
  const hold = () => deps.supplier.createBooking({ ...MAIN, availabilityId, unitItems: adults(1), expirationMinutes: 5 });

  it('moves a booking along its table: held, confirmed, redeemed, undone, cancelled', async () => {
    const held = await hold();
    expect(held.status).toBe('ON_HOLD');
    const confirmed = await deps.supplier.confirmBooking(held.uuid, CONTACT);
    expect(confirmed.status).toBe('CONFIRMED');
    expect((await deps.supplier.redeemBooking(confirmed.supplierReference!)).booking.status).toBe('REDEEMED');
    await deps.supplier.undoRedemption!(confirmed.supplierReference!);
    expect((await deps.supplier.getBooking(held.uuid)).status).toBe('CONFIRMED');
    expect((await deps.supplier.cancelBooking(held.uuid, { reason: 'test' })).status).toBe('CANCELLED');
  });

  it('refuses a move its table does not allow, and changes nothing', async () => {
    // CANCELLED -> REDEEMED: a cancelled booking lets nobody in (a used one may be cancelled: decision 0033).
    const withdrawn = await deps.supplier.confirmBooking((await hold()).uuid, CONTACT);
    await deps.supplier.cancelBooking(withdrawn.uuid, { reason: 'test' });
    const redeem = await refusal(deps.supplier.redeemBooking(withdrawn.supplierReference!));
    expect(redeem).toBeInstanceOf(SupplierError);
    expect(redeem).toMatchObject({ code: 'UNPROCESSABLE_ENTITY' });
    expect((await deps.supplier.getBooking(withdrawn.uuid)).status).toBe('CANCELLED');

    // CANCELLED -> CONFIRMED: a cancelled hold is not sold afterwards.
    const cancelled = await hold();
    await deps.supplier.cancelBooking(cancelled.uuid, { reason: 'test' });
    expect(await refusal(deps.supplier.confirmBooking(cancelled.uuid, CONTACT))).toMatchObject({ code: 'UNPROCESSABLE_ENTITY' });
    expect((await deps.supplier.getBooking(cancelled.uuid)).status).toBe('CANCELLED');

    // EXPIRED -> CONFIRMED: a hold whose time ran out reads EXPIRED and is neither confirmed nor cancelled.
    const lapsed = await hold();
    clock = new Date(serverNow().getTime() + 6 * 60_000);
    try {
      expect(await refusal(deps.supplier.confirmBooking(lapsed.uuid, CONTACT))).toMatchObject({ code: 'UNPROCESSABLE_ENTITY' });
      expect(await refusal(deps.supplier.cancelBooking(lapsed.uuid, { reason: 'test' }))).toMatchObject({ code: 'UNPROCESSABLE_ENTITY' });
      expect((await deps.supplier.getBooking(lapsed.uuid)).status).toBe('EXPIRED');
    } finally {
      clock = undefined;
    }
  });
});
