// The same scenarios against the local supplier directly, and through our OCTO client talking to our
// OCTO server (/octo) on each test site: the two must behave alike.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { SupplierError, type SupplierPort } from '@/ports/supplier';
import { openTestDatabase } from '../support/database';
import { OCTO_KEY } from './sites';
import { adults, firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

type Variant = { name: string; open: () => Promise<{ supplier: SupplierPort; close: () => Promise<void> }> };

const variants: Variant[] = [
  {
    name: 'the local supplier',
    open: async () => {
      const database = await openTestDatabase();
      return { supplier: createLocalSupplier(database.db, { resellerId: 'contract-tests' }), close: database.dispose };
    },
  },
  ...inject('backends').map((backend) => ({
    name: `the OCTO client and our OCTO server on ${backend.name}`,
    open: async () => ({ supplier: createOctoClient({ baseUrl: `${backend.url}/octo`, apiKey: OCTO_KEY }), close: async () => undefined }),
  })),
];

async function refusal(promise: Promise<unknown>): Promise<SupplierError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SupplierError);
  return error as SupplierError;
}

describe.each(variants)('supplier contract: $name', (variant) => {
  let supplier: SupplierPort;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ supplier, close } = await variant.open());
  });
  afterAll(async () => close?.());

  it('describes the supplier', async () => {
    expect(await supplier.getSupplier()).toMatchObject({ id: 'skyline-tower', name: 'Skyline Tower' });
  });

  it('lists the products with options, units, content and pricing', async () => {
    const products = await supplier.getProducts('en');
    expect(products.map((p) => p.id)).toEqual(['main-deck', 'main-and-top-deck', 'express-pass', 'sunrise', 'day-pass']);
    const express = products.find((p) => p.id === 'express-pass')!;
    expect(express).toMatchObject({ title: 'Express Pass', availabilityType: 'START_TIME', defaultCurrency: 'USD', timeZone: 'America/New_York' });
    expect(express.options.map((o) => o.id)).toEqual(['express-main', 'express-main-top']);
    expect(express.options[0]!.default).toBe(true);
    const adult = express.options[0]!.units.find((u) => u.id === 'adult')!;
    // The option allows 8, the product 6 per booking: every channel says (and applies) 6.
    expect(adult).toMatchObject({ type: 'ADULT', title: 'Adult', restrictions: { minAge: 13, maxQuantity: 6 } });
    expect(express.options[0]!.restrictions).toMatchObject({ maxUnits: 6 });
    expect(adult.pricingFrom?.[0]).toMatchObject({ retail: 8500, currency: 'USD', currencyPrecision: 2 });
  });

  it('writes content in the language asked for', async () => {
    const product = await supplier.getProduct('main-deck', 'de');
    expect(product.title).not.toBe('Main Deck');
    expect(product.options[0]!.units[0]!.title).not.toBe('Adult');
  });

  it('refuses unknown products, options and units', async () => {
    expect((await refusal(supplier.getProduct('no-such-product', 'en'))).code).toBe('INVALID_PRODUCT_ID');
    const query = { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: '2030-01-01', localDateEnd: '2030-01-01' };
    expect((await refusal(supplier.availability({ ...query, optionId: 'nope' }))).code).toBe('INVALID_OPTION_ID');
    expect((await refusal(supplier.availability({ ...query, units: [{ id: 'dragon', quantity: 1 }] }))).code).toBe('INVALID_UNIT_ID');
  });

  it('shows closed days in the calendar', async () => {
    // The sunrise runs Friday to Sunday only (the week after FIXED_NOW, tests/support/fixed-date.ts); the
    // weekend's are Local Legends' only (decision 0041), so a reseller sees them closed.
    const days = await supplier.availabilityCalendar({ productId: 'sunrise', optionId: 'sunrise-weekend', localDateStart: '2027-05-17', localDateEnd: '2027-05-23' });
    expect(days.map((d) => `${d.localDate} ${d.status}`)).toEqual([
      '2027-05-17 CLOSED',
      '2027-05-18 CLOSED',
      '2027-05-19 CLOSED',
      '2027-05-20 CLOSED',
      '2027-05-21 AVAILABLE',
      '2027-05-22 CLOSED',
      '2027-05-23 CLOSED',
    ]);
  });

  it('prices the quantities asked about', async () => {
    const day = await openDay(supplier, 'main-deck', 'main-deck-day', 3);
    const slots = await supplier.availability({
      productId: 'main-deck',
      optionId: 'main-deck-day',
      localDateStart: day,
      localDateEnd: day,
      units: [
        { id: 'adult', quantity: 2 },
        { id: 'child', quantity: 1 },
      ],
    });
    expect(slots).toHaveLength(26);
    expect(slots[0]).toMatchObject({ localDateTimeStart: `${day}T09:00:00${slots[0]!.id.slice(-6)}`, capacity: 135, available: true });
    // (150 places, less the 15 kept for members that a reseller does not see: decision 0041.)
    expect(slots[0]!.pricing).toMatchObject({ retail: 2 * 4400 + 3800, currency: 'USD' });
  });

  it('holds, confirms and cancels a booking, giving the places back', async () => {
    const day = await openDay(supplier, 'main-and-top-deck', 'top-deck-sunset', 10, 3);
    const availabilityId = await firstSlot(supplier, 'main-and-top-deck', 'top-deck-sunset', day);
    const vacancies = async () =>
      (await supplier.availability({ productId: 'main-and-top-deck', optionId: 'top-deck-sunset', localDateStart: day, localDateEnd: day })).find(
        (s) => s.id === availabilityId,
      )!.vacancies;
    const before = await vacancies();

    const held = await supplier.createBooking({
      productId: 'main-and-top-deck',
      optionId: 'top-deck-sunset',
      availabilityId,
      unitItems: [...adults(2), { unitId: 'child' }],
      expirationMinutes: 20,
    });
    expect(held).toMatchObject({ status: 'ON_HOLD', availabilityId, utcConfirmedAt: null, voucher: null });
    expect(held.supplierReference).toMatch(/^SKY-[0-9A-Z]{6}$/);
    expect(new Date(held.utcExpiresAt!).getTime() - serverNow().getTime()).toBeGreaterThan(19 * 60_000);
    expect(held.unitItems.map((u) => u.unitId)).toEqual(['adult', 'adult', 'child']);
    expect(held.pricing).toMatchObject({ retail: 2 * 8900 + 8300 });
    expect(await vacancies()).toBe(before! - 3);

    const extended = await supplier.extendBooking(held.uuid, { expirationMinutes: 25 });
    expect(new Date(extended.utcExpiresAt!).getTime()).toBeGreaterThan(new Date(held.utcExpiresAt!).getTime());

    const contact = { firstName: 'Ana', lastName: 'Lima', emailAddress: 'ana@example.com', locales: ['en'] };
    const confirmed = await supplier.confirmBooking(held.uuid, { contact, resellerReference: 'R-1' });
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', resellerReference: 'R-1', utcExpiresAt: null, contact: { firstName: 'Ana' } });
    expect(confirmed.utcConfirmedAt).toBeTruthy();
    expect(confirmed.unitItems[0]!.ticket?.deliveryOptions[0]).toMatchObject({ deliveryFormat: 'QRCODE' });
    // Confirming again changes nothing.
    expect((await supplier.confirmBooking(held.uuid, { contact })).utcConfirmedAt).toBe(confirmed.utcConfirmedAt);
    expect((await supplier.getBooking(held.uuid)).status).toBe('CONFIRMED');

    const cancelled = await supplier.cancelBooking(held.uuid, { reason: 'Change of plans' });
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellation: { reason: 'Change of plans', refund: 'FULL' } });
    expect(await vacancies()).toBe(before);
    expect((await refusal(supplier.extendBooking(held.uuid, { expirationMinutes: 5 }))).code).toBe('UNPROCESSABLE_ENTITY');
  });

  it('refuses bad reservations', async () => {
    const day = await openDay(supplier, 'express-pass', 'express-main', 5);
    const availabilityId = await firstSlot(supplier, 'express-pass', 'express-main', day);
    const base = { productId: 'express-pass', optionId: 'express-main', availabilityId, unitItems: adults(1) };
    expect((await refusal(supplier.createBooking({ ...base, availabilityId: `${day}T09:15:00-05:00` }))).code).toBe('INVALID_AVAILABILITY_ID');
    expect((await refusal(supplier.createBooking({ ...base, availabilityId: '2020-01-03T09:00:00-05:00' }))).code).toBe('INVALID_AVAILABILITY_ID');
    expect((await refusal(supplier.createBooking({ ...base, unitItems: [{ unitId: 'senior' }] }))).code).toBe('INVALID_UNIT_ID');
    expect((await refusal(supplier.createBooking({ ...base, unitItems: adults(9) }))).code).toBe('UNPROCESSABLE_ENTITY');
    expect((await refusal(supplier.getBooking('00000000-0000-4000-8000-000000000000'))).code).toBe('INVALID_BOOKING_UUID');
  });

  it('answers a repeated uuid with the same booking', async () => {
    const day = await openDay(supplier, 'express-pass', 'express-main', 6);
    const availabilityId = await firstSlot(supplier, 'express-pass', 'express-main', day);
    const request = { uuid: crypto.randomUUID(), productId: 'express-pass', optionId: 'express-main', availabilityId, unitItems: adults(2) };
    const first = await supplier.createBooking(request);
    const again = await supplier.createBooking(request);
    expect(again.id).toBe(first.id);
  });
});
