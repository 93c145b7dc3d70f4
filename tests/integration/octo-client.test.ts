// The OCTO client sells another system's inventory safely, against two shapes of supplier: a stand-in
// priced per booking, with an unpriced product and its own error style, and our own /octo (PGlite and
// PostgreSQL). The amount charged is the price shown; a hold priced at nothing, without a price, at
// another price, or followed by any failure is released, and no money moves.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOutboxTransport } from '@/adapters/mail/outbox';
import { createStripeGateway } from '@/adapters/payments/stripe';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { signUp } from '@/modules/accounts/sign-up';
import { checkAvailability } from '@/modules/catalog/check-availability';
import { selectionTotal, toWebProduct } from '@/modules/catalog/web-product';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { startCheckout } from '@/modules/checkout/start-checkout';
import type { SupplierPort } from '@/ports/supplier';
import { AppError } from '@/server/errors';
import { orders, testPaymentSessions, users } from '@/server/db/schema';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { openTestDatabase } from '../support/database';
import { CHARTER_PRICE, MUSEUM_PRICES, STAND_IN_KEY, startOctoStandIn } from '../support/octo-stand-in';
import { freePort, startSite } from '../support/server';
import { OCTO_KEY, TEST_SITE_ENV, Visitor } from './sites';
import { firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const inDays = (n: number) => addLocalDays(todayIn('America/New_York', serverNow()), n);

type Database = Awaited<ReturnType<typeof openTestDatabase>>;

function checkoutDeps(database: Database, supplier: SupplierPort): CheckoutDeps {
  return {
    db: database.db,
    supplier,
    gateway: createTestGateway(database.db),
    mail: createOutboxTransport(async () => database.db),
    holdMinutes: 30,
    siteUrl: 'http://localhost:3000',
  };
}

async function newMember(database: Database) {
  const email = `octo.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await signUp(database.db, { email, contact: { firstName: 'Ana', lastName: 'Lima', phoneNumber: '+12125550100', country: 'US', postalCode: undefined, marketingOptIn: false }, locale: 'en' });
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return { userId: user!.id, email };
}

/** A gateway that cannot be reached: Stripe's adapter pointed at a closed port. */
async function unreachableGateway() {
  return createStripeGateway({ secretKey: 'sk_test_unreachable', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', apiBase: `http://127.0.0.1:${await freePort()}` });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function paymentSessionsCount(database: Database) {
  return (await database.db.select().from(testPaymentSessions)).length;
}

// One embedded database for the whole file: orders, the test gateway's sessions and the outbox.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.dispose());

describe('the OCTO client and a supplier priced per booking (stand-in)', () => {
  let standIn: Awaited<ReturnType<typeof startOctoStandIn>>;
  let supplier: SupplierPort;
  let deps: CheckoutDeps;
  const charter = (selectedDate = inDays(5)) => ({ productId: 'charter', optionId: 'sunset-cruise', quantities: { guest: 3 }, selectedTime: `${selectedDate}T18:00:00-04:00` });

  beforeAll(async () => {
    standIn = await startOctoStandIn();
    supplier = createOctoClient({ baseUrl: standIn.url, apiKey: STAND_IN_KEY });
    deps = checkoutDeps(database, supplier);
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it('lists products priced per booking and products without prices, by their internal names', async () => {
    const [charterProduct, walking] = (await supplier.getProducts('en')).map(toWebProduct);
    expect(charterProduct).toMatchObject({ id: 'charter', title: 'Private harbour charter', image: null, currency: 'USD', fromPrice: CHARTER_PRICE });
    expect(charterProduct!.options[0]).toMatchObject({ pricingPer: 'BOOKING', bookingPrice: CHARTER_PRICE, units: [{ id: 'guest', title: 'Guest', price: null }] });
    expect(selectionTotal(charterProduct!.options[0], { guest: 5 })).toBe(CHARTER_PRICE);
    expect(walking).toMatchObject({ id: 'walking-tour', fromPrice: null, options: [{ units: [{ id: 'walker', price: null }] }] });
    expect(selectionTotal(walking!.options[0], { walker: 2 })).toBeNull();
    for (const request of standIn.requests) {
      expect(request.contentType).toBe('application/json');
      expect(request.capabilities).toBe('octo/content, octo/pricing');
    }
  });

  it('prices each slot for the booking', async () => {
    const slots = await checkAvailability(supplier, { productId: 'charter', optionId: 'sunset-cruise', quantities: { guest: 3 }, selectedDate: inDays(5) });
    expect(slots).toEqual([expect.objectContaining({ id: `${inDays(5)}T18:00:00-04:00`, total: CHARTER_PRICE, currency: 'USD', available: true })]);
  });

  it('holds, charges the price shown, and confirms', async () => {
    const started = await startCheckout(deps, await newMember(database), charter(), 'en');
    expect(started.paymentSession).toMatchObject({ amount: CHARTER_PRICE, currency: 'USD', status: 'PENDING_PAYMENT' });
    await (deps.gateway as ReturnType<typeof createTestGateway>).pay(started.paymentSession.id, CARD);
    const { outcome, order } = await completeCheckout(deps, started.paymentSession.id);
    expect(outcome).toBe('confirmed');
    expect(order.total).toBe(CHARTER_PRICE);
    expect(standIn.holds.get(started.bookingId)!.status).toBe('CONFIRMED');
  });

  it('buys from a supplier in octomock’s shape: a total of 0 beside priced units and unit items is their sum', async () => {
    const selectedDate = inDays(7);
    const museum = { productId: 'museum', optionId: 'entry', quantities: { adult: 1, child: 1 }, selectedTime: `${selectedDate}T09:00:00-04:00` };
    const expected = MUSEUM_PRICES.adult + MUSEUM_PRICES.child;
    const [slot] = await checkAvailability(supplier, { productId: 'museum', optionId: 'entry', quantities: { adult: 1, child: 1 }, selectedDate });
    expect(slot).toMatchObject({ total: expected, currency: 'USD' });
    const started = await startCheckout(deps, await newMember(database), museum, 'en');
    expect(started.paymentSession).toMatchObject({ amount: expected, currency: 'USD' });
    await (deps.gateway as ReturnType<typeof createTestGateway>).pay(started.paymentSession.id, CARD);
    const { outcome, order } = await completeCheckout(deps, started.paymentSession.id);
    expect([outcome, order.total]).toEqual(['confirmed', expected]);
    expect(standIn.holds.get(started.bookingId)!.status).toBe('CONFIRMED');
  });

  it.each([
    ['priced at nothing', 'zero', 502, 'The price of these tickets could not be confirmed, so nothing was booked or charged. Please try again later.'],
    ['without a price', 'missing', 502, 'The price of these tickets could not be confirmed, so nothing was booked or charged. Please try again later.'],
    ['at another price', 'changed', 409, 'The price of these tickets has just changed, so nothing was booked or charged. Please check the price and book again.'],
  ] as const)('refuses a hold %s: no payment, no order, and the hold is released', async (_name, holdPricing, status, message) => {
    standIn.state.holdPricing = holdPricing;
    try {
      const sessions = await paymentSessionsCount(database);
      const holdsBefore = new Set(standIn.holds.keys());
      const error = await refusal(startCheckout(deps, await newMember(database), charter(inDays(6)), 'en'));
      expect([error.status, error.message]).toEqual([status, message]);
      const [hold] = [...standIn.holds.values()].filter((h) => !holdsBefore.has(h.uuid));
      expect(hold!.status).toBe('CANCELLED');
      // This supplier cancels with DELETE only: the client fell back to it.
      expect(standIn.requests.filter((r) => r.path.includes(hold!.uuid)).map((r) => r.method)).toEqual(['POST', 'DELETE']);
      expect(await paymentSessionsCount(database)).toBe(sessions);
      expect(await database.db.select().from(orders).where(eq(orders.bookingUuid, hold!.uuid))).toEqual([]);
    } finally {
      standIn.state.holdPricing = 'as-listed';
    }
  });

  it('holds nothing for tickets without a price', async () => {
    const holds = standIn.holds.size;
    const error = await refusal(
      startCheckout(deps, await newMember(database), { productId: 'walking-tour', optionId: 'morning', quantities: { walker: 2 }, selectedTime: `${inDays(5)}T10:00:00-04:00` }, 'en'),
    );
    expect(error.key).toBe('priceUnavailable');
    expect(standIn.holds.size).toBe(holds);
  });

  it('releases the hold when the payment cannot be opened', async () => {
    const holdsBefore = new Set(standIn.holds.keys());
    const error = await refusal(startCheckout({ ...deps, gateway: await unreachableGateway() }, await newMember(database), charter(inDays(7)), 'en'));
    expect(error.status).toBe(502);
    const [hold] = [...standIn.holds.values()].filter((h) => !holdsBefore.has(h.uuid));
    expect(hold!.status).toBe('CANCELLED');
  });

  it("reads the supplier's own error style into OCTO's names", async () => {
    await expect(supplier.getProduct('nope', 'en')).rejects.toMatchObject({ code: 'INVALID_PRODUCT_ID' });
    await expect(supplier.createBooking({ productId: 'charter', optionId: 'sunset-cruise', availabilityId: 'x', unitItems: [] })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_ENTITY',
      message: 'Add at least one guest',
    });
    await expect(createOctoClient({ baseUrl: standIn.url, apiKey: 'wrong-key-0123' }).getProducts('en')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid API key',
    });
  });
});

describe.each(inject('backends'))('the OCTO client and our own /octo on $name', ({ url }) => {
  let supplier: SupplierPort;
  let deps: CheckoutDeps;

  beforeAll(async () => {
    supplier = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });
    deps = checkoutDeps(database, supplier);
  });

  it('shows slot totals that are the price charged, holds, and confirms', async () => {
    const product = toWebProduct(await supplier.getProduct('main-deck', 'en'));
    const quantities = { adult: 2, child: 1 };
    const shown = selectionTotal(product.options[0], quantities);
    const day = await openDay(supplier, 'main-deck', 'main-deck-day', 14, 3);
    const [slot] = await checkAvailability(supplier, { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedDate: day });
    expect(slot!.total).toBe(shown);
    const started = await startCheckout(deps, await newMember(database), { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedTime: slot!.id }, 'en');
    expect(started.paymentSession.amount).toBe(2 * 4400 + 3800);
    await (deps.gateway as ReturnType<typeof createTestGateway>).pay(started.paymentSession.id, CARD);
    expect((await completeCheckout(deps, started.paymentSession.id)).outcome).toBe('confirmed');
    expect((await supplier.getBooking(started.bookingId)).status).toBe('CONFIRMED');
  });

  it('gives the places back when the payment cannot be opened', async () => {
    const day = await openDay(supplier, 'sunrise', 'sunrise-weekend', 15, 2);
    const availabilityId = await firstSlot(supplier, 'sunrise', 'sunrise-weekend', day);
    const vacancies = async () => (await supplier.availability({ productId: 'sunrise', optionId: 'sunrise-weekend', availabilityIds: [availabilityId] }))[0]!.vacancies;
    const before = await vacancies();
    const error = await refusal(
      startCheckout({ ...deps, gateway: await unreachableGateway() }, await newMember(database), { productId: 'sunrise', optionId: 'sunrise-weekend', quantities: { adult: 2 }, selectedTime: availabilityId }, 'en'),
    );
    expect(error.status).toBe(502);
    expect(await vacancies()).toBe(before);
  });
});

describe('a site that sells the stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startOctoStandIn>>;
  let site: Awaited<ReturnType<typeof startSite>>;

  beforeAll(async () => {
    standIn = await startOctoStandIn();
    site = await startSite({ ...TEST_SITE_ENV, OCTO_BASE_URL: standIn.url, OCTO_API_KEY: STAND_IN_KEY });
  });
  afterAll(async () => {
    await site?.stop();
    await standIn?.close();
  });

  it('asks the supplier who it is at start-up, and lists its products with their prices', async () => {
    expect(standIn.requests[0]).toMatchObject({ method: 'GET', path: '/octo/supplier', contentType: 'application/json' });
    expect(site.log()).toContain('OCTO supplier at');
    const res = await new Visitor(site.url).request('/api/metadata/getProducts');
    expect(res.status).toBe(200);
    const products = (await res.json()) as { id: string; fromPrice: number | null }[];
    expect(products.map((p) => [p.id, p.fromPrice])).toEqual([
      ['charter', CHARTER_PRICE],
      ['walking-tour', null],
      // From the lowest unit price: the child's.
      ['museum', MUSEUM_PRICES.child],
    ]);
  });
});
