// Resellers book under the visitors' rules: the product's cancellation policy (shown in each option's
// OCTO fields, applied to each OCTO cancellation's refund), one maximum per booking for every channel,
// children and infants only with an adult (OCTO and the website), and a booking uuid that names one booking only (repeated concurrently for two slots: one booking and
// OCTO's error, never a 500; repeated with other content: refused). On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { maxTicketsPerBooking } from '@/config/catalog';
import { createOutboxTransport } from '@/adapters/mail/outbox';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { signUp } from '@/modules/accounts/sign-up';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { WEBSITE_RESELLER } from '@/modules/resellers/reseller-keys';
import { SupplierError } from '@/ports/supplier';
import { users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { serverT } from '@/server/i18n';
import { eq } from 'drizzle-orm';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { adults, firstSlot, openDay } from './supplier-scenarios';

const HOUR = 3_600_000;

async function refusal(promise: Promise<unknown>): Promise<SupplierError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SupplierError);
  return error as SupplierError;
}

describe.each(TEST_BACKENDS)('resellers under the visitors’ rules on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
  });
  afterAll(async () => database?.dispose());

  const supplierAt = (at?: Date) => createLocalSupplier(database.db, { resellerId: 'partner', ...(at ? { now: () => at } : {}) });

  it('shows each option’s free-cancellation deadline and its one maximum per booking', async () => {
    const products = await supplierAt().getProducts('en');
    const express = products.find((p) => p.id === 'express-pass')!.options[0]!;
    expect(express).toMatchObject({ cancellationCutoff: '48 hours', cancellationCutoffAmount: 48, cancellationCutoffUnit: 'hour' });
    expect(express.restrictions.maxUnits).toBe(maxTicketsPerBooking('express-pass'));
    const mainDeck = products.find((p) => p.id === 'main-deck')!.options[0]!;
    expect(mainDeck).toMatchObject({ cancellationCutoff: '24 hours', restrictions: { maxUnits: maxTicketsPerBooking('main-deck') } });
    for (const unit of mainDeck.units) expect(unit.restrictions.maxQuantity).toBeLessThanOrEqual(maxTicketsPerBooking('main-deck'));
    const max = maxTicketsPerBooking('main-deck');
    const day = await openDay(supplierAt(), 'main-deck', 'main-deck-day', 12, max);
    const availabilityId = await firstSlot(supplierAt(), 'main-deck', 'main-deck-day', day);
    const error = await refusal(supplierAt().createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId, unitItems: adults(max + 1) }));
    expect(error.code).toBe('UNPROCESSABLE_ENTITY');
  });

  it.each([
    ['express-pass', 'express-main', 49, 'FULL'],
    ['express-pass', 'express-main', 24, 'NONE'],
    ['main-deck', 'main-deck-day', 25, 'FULL'],
    ['main-deck', 'main-deck-day', 2, 'PARTIAL'],
  ] as const)('refunds a booking of %s/%s cancelled %i hours before its slot: %s', async (productId, optionId, hoursBefore, refund) => {
    const day = await openDay(supplierAt(), productId, optionId, 8);
    const availabilityId = await firstSlot(supplierAt(), productId, optionId, day);
    const held = await supplierAt().createBooking({ productId, optionId, availabilityId, unitItems: adults(1) });
    await supplierAt().confirmBooking(held.uuid, { contact: { fullName: 'Ana Lima' } });
    const at = new Date(new Date(availabilityId).getTime() - hoursBefore * HOUR);
    const cancelled = await supplierAt(at).cancelBooking(held.uuid, { reason: 'Plans changed' });
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellation: { refund } });
    // A hold, never paid, is always cancelled in full.
    const hold = await supplierAt(at).createBooking({ productId, optionId, availabilityId, unitItems: adults(1) });
    expect(await supplierAt(at).cancelBooking(hold.uuid, {})).toMatchObject({ cancellation: { refund: 'FULL' } });
  });

  it('books a child or an infant only with an adult, through OCTO and on the website, with a clear message', async () => {
    const day = await openDay(supplierAt(), 'main-deck', 'main-deck-day', 16, 3);
    const availabilityId = await firstSlot(supplierAt(), 'main-deck', 'main-deck-day', day);
    const [option] = (await supplierAt().getProduct('main-deck', 'en')).options;
    expect(option!.units.find((u) => u.id === 'child')!.restrictions.accompaniedBy).toEqual(['adult', 'senior']);
    const alone = await refusal(supplierAt().createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId, unitItems: [{ unitId: 'child' }, { unitId: 'infant' }] }));
    expect([alone.code, alone.refusal]).toEqual(['UNPROCESSABLE_ENTITY', { reason: 'ACCOMPANIED_BY', unitId: 'child', companions: ['adult', 'senior'] }]);
    await expect(supplierAt().createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId, unitItems: [{ unitId: 'senior' }, { unitId: 'child' }] })).resolves.toMatchObject({ status: 'ON_HOLD' });

    const { db } = database;
    const email = `family.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(db, { email, contact: { firstName: 'Ana', lastName: 'Lima', phoneNumber: '+12125550100', country: 'US', postalCode: undefined, marketingOptIn: false }, locale: 'de' });
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const deps = { db, supplier: createLocalSupplier(db, { resellerId: WEBSITE_RESELLER }), gateway: createTestGateway(db), mail: createOutboxTransport(async () => db), holdMinutes: 30, siteUrl: 'http://localhost:3000' };
    const error = await startCheckout(deps, { userId: user!.id, email }, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { child: 1 }, selectedTime: availabilityId }, 'de').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION', status: 400, key: 'accompaniedBy' });
    expect(serverT('de', 'errors')('accompaniedBy')).toMatch(/Erwachsenen/);
  });

  it('answers a repeated uuid with its booking only for the same request, and refuses other content', async () => {
    const day = await openDay(supplierAt(), 'main-deck', 'main-deck-day', 14, 2);
    const availabilityId = await firstSlot(supplierAt(), 'main-deck', 'main-deck-day', day);
    const uuid = crypto.randomUUID();
    const request = { uuid, productId: 'main-deck', optionId: 'main-deck-day', availabilityId, unitItems: adults(2) };
    const first = await supplierAt().createBooking(request);
    expect(await supplierAt().createBooking(request)).toMatchObject({ uuid, supplierReference: first.supplierReference });
    expect((await refusal(supplierAt().createBooking({ ...request, unitItems: adults(1) }))).code).toBe('INVALID_BOOKING_UUID');
    const other = (await supplierAt().availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day })).find((s) => s.id !== availabilityId)!;
    expect((await refusal(supplierAt().createBooking({ ...request, availabilityId: other.id }))).code).toBe('INVALID_BOOKING_UUID');
    const foreign = createLocalSupplier(database.db, { resellerId: 'other-partner' });
    expect((await refusal(foreign.createBooking(request))).code).toBe('INVALID_BOOKING_UUID');
  });

  it('gives one booking and OCTO’s error when one uuid is posted for two slots at once', async () => {
    const day = await openDay(supplierAt(), 'main-deck', 'main-deck-day', 15, 2);
    const slots = (await supplierAt().availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day })).filter((s) => s.available);
    for (let trial = 0; trial < 5; trial++) {
      const uuid = crypto.randomUUID();
      const outcomes = await Promise.allSettled(
        [slots[0]!.id, slots[1]!.id].map((availabilityId) =>
          // Each post through its own supplier, as two requests of the reseller would come.
          supplierAt().createBooking({ uuid, productId: 'main-deck', optionId: 'main-deck-day', availabilityId, unitItems: adults(1) }),
        ),
      );
      const booked = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(booked).toHaveLength(1);
      expect(refused.map((r) => (r.reason instanceof SupplierError ? r.reason.code : String(r.reason)))).toEqual(['INVALID_BOOKING_UUID']);
    }
  });
});
