// A local stand-in of another OCTO supplier, shaped unlike our own /octo, so that the OCTO client is
// proven against two shapes: a private charter priced per booking, a walking tour sold without prices,
// content never granted (no titles, only internal names), cancellation by DELETE only (the older OCTO
// revision), and its own error style (HTTP 422 and 404 statuses, a bare {message} for a bad key).
// Tests choose what a hold is priced at, to play a supplier whose price changes or comes back as 0.
// A museum priced per unit in octomock's shape (the official OCTO mock supplier): the slot and the
// booking carry a total of 0, and each unit (and unit item) its real price.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverNow } from '@/server/clock';

export const STAND_IN_KEY = 'stand-in-key-0123456789';
export const CHARTER_PRICE = 25_000;
/** The museum's unit prices, as octomock's adult and child (10.00 and 8.00). */
export const MUSEUM_PRICES = { adult: 1_000, child: 800 } as const;

type Hold = {
  uuid: string;
  productId: string;
  optionId: string;
  availabilityId: string;
  units: string[];
  status: string;
  price: number | null;
  /** Each unit item's price, in the order of `units` (octomock's shape); null when items carry none. */
  unitPrices: number[] | null;
  contact: unknown;
};
export type HoldPricing = 'as-listed' | 'zero' | 'changed' | 'missing';
export type StandInRequest = { method: string; path: string; contentType: string | undefined; capabilities: string | undefined };

const PRODUCTS = [
  {
    id: 'charter',
    internalName: 'Private harbour charter',
    reference: null,
    locale: 'en',
    timeZone: 'America/New_York',
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME',
    deliveryFormats: ['PDF_URL'],
    deliveryMethods: ['VOUCHER'],
    redemptionMethod: 'DIGITAL',
    defaultCurrency: 'USD',
    availableCurrencies: ['USD'],
    pricingPer: 'BOOKING',
    options: [
      {
        id: 'sunset-cruise',
        default: true,
        internalName: 'Sunset cruise, up to 8 guests',
        reference: null,
        availabilityLocalStartTimes: ['18:00'],
        cancellationCutoff: '1 day',
        cancellationCutoffAmount: 1,
        cancellationCutoffUnit: 'day',
        requiredContactFields: [],
        restrictions: { minUnits: 1, maxUnits: 8 },
        pricingFrom: [{ original: CHARTER_PRICE, retail: CHARTER_PRICE, net: null, currency: 'USD', currencyPrecision: 2, includedTaxes: [] }],
        units: [
          {
            id: 'guest',
            internalName: 'Guest',
            reference: null,
            type: 'ADULT',
            requiredContactFields: [],
            restrictions: { minAge: 0, maxAge: 99, idRequired: false, minQuantity: 1, maxQuantity: 8, paxCount: 1, accompaniedBy: [] },
          },
        ],
      },
    ],
  },
  {
    id: 'walking-tour',
    internalName: 'Old town walking tour',
    reference: null,
    locale: 'en',
    timeZone: 'America/New_York',
    allowFreesale: true,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME',
    deliveryFormats: ['QRCODE'],
    deliveryMethods: ['TICKET'],
    redemptionMethod: 'MANIFEST',
    options: [
      {
        id: 'morning',
        default: true,
        internalName: 'Morning walk',
        reference: null,
        availabilityLocalStartTimes: ['10:00'],
        cancellationCutoff: '0 hours',
        cancellationCutoffAmount: 0,
        cancellationCutoffUnit: 'hour',
        requiredContactFields: [],
        restrictions: { minUnits: 1, maxUnits: 10 },
        units: [{ id: 'walker', internalName: 'Walker', reference: null, type: 'ADULT', requiredContactFields: [], restrictions: {} }],
      },
    ],
  },
  {
    id: 'museum',
    internalName: 'Harbour museum',
    reference: null,
    locale: 'en',
    timeZone: 'America/New_York',
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME',
    deliveryFormats: ['QRCODE'],
    deliveryMethods: ['TICKET'],
    redemptionMethod: 'DIGITAL',
    defaultCurrency: 'USD',
    availableCurrencies: ['USD'],
    pricingPer: 'UNIT',
    options: [
      {
        id: 'entry',
        default: true,
        internalName: 'Museum entry',
        reference: null,
        availabilityLocalStartTimes: ['09:00'],
        cancellationCutoff: '0 hours',
        cancellationCutoffAmount: 0,
        cancellationCutoffUnit: 'hour',
        requiredContactFields: [],
        restrictions: { minUnits: 1, maxUnits: 10 },
        units: (['adult', 'child'] as const).map((id) => ({
          id,
          internalName: id === 'adult' ? 'Adult' : 'Child',
          reference: null,
          type: id === 'adult' ? 'ADULT' : 'CHILD',
          requiredContactFields: [],
          restrictions: {},
          pricingFrom: [{ original: MUSEUM_PRICES[id], retail: MUSEUM_PRICES[id], net: null, currency: 'USD', currencyPrecision: 2, includedTaxes: [] }],
        })),
      },
    ],
  },
];

const pricing = (retail: number) => ({ original: retail, retail, net: null, currency: 'USD', currencyPrecision: 2, includedTaxes: [] });
const slotId = (date: string, product: (typeof PRODUCTS)[number]) => `${date}T${product.options[0]!.availabilityLocalStartTimes[0]}:00-04:00`;

export async function startOctoStandIn() {
  const holds = new Map<string, Hold>();
  const requests: StandInRequest[] = [];
  const state = { holdPricing: 'as-listed' as HoldPricing };

  function bookingOf(hold: Hold) {
    return {
      id: hold.uuid,
      uuid: hold.uuid,
      testMode: true,
      resellerReference: null,
      supplierReference: `SI${hold.uuid.slice(0, 6).toUpperCase()}`,
      status: hold.status,
      utcCreatedAt: '2026-01-01T00:00:00Z',
      utcUpdatedAt: '2026-01-01T00:00:00Z',
      utcExpiresAt: hold.status === 'ON_HOLD' ? new Date(serverNow().getTime() + 15 * 60_000).toISOString() : null,
      utcRedeemedAt: null,
      utcConfirmedAt: hold.status === 'CONFIRMED' ? '2026-01-01T00:00:00Z' : null,
      productId: hold.productId,
      optionId: hold.optionId,
      cancellable: true,
      cancellation: null,
      freesale: false,
      availabilityId: hold.availabilityId,
      contact: hold.contact ?? {},
      notes: null,
      deliveryMethods: ['VOUCHER'],
      voucher: null,
      unitItems: hold.units.map((unitId, i) => ({
        uuid: `${hold.uuid}-${i}`,
        unitId,
        status: hold.status,
        ticket: null,
        ...(hold.unitPrices ? { pricing: pricing(hold.unitPrices[i]!) } : {}),
      })),
      ...(hold.price === null ? {} : { pricing: pricing(hold.price) }),
    };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://stand-in');
      requests.push({ method: req.method!, path: url.pathname, contentType: req.headers['content-type'], capabilities: req.headers['octo-capabilities'] as string });
      const send = (status: number, value: unknown) => {
        // Content is never granted here: this supplier sends only its internal names.
        const asked = String(req.headers['octo-capabilities'] ?? '');
        res.writeHead(status, { 'content-type': 'application/json', 'octo-capabilities': asked.includes('octo/pricing') ? 'octo/pricing' : '' });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${STAND_IN_KEY}`) return send(401, { message: 'Invalid API key' });
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      const product = PRODUCTS.find((p) => p.id === body.productId);
      const path = url.pathname.replace(/^\/octo/, '');

      if (req.method === 'GET' && path === '/supplier') return send(200, { id: 'harbour-co', name: 'Harbour & Co', endpoint: 'http://stand-in/octo', contact: {} });
      if (req.method === 'GET' && path === '/products') return send(200, PRODUCTS);
      const productMatch = /^\/products\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && productMatch) {
        const found = PRODUCTS.find((p) => p.id === productMatch[1]);
        return found ? send(200, found) : send(404, { error: 'INVALID_PRODUCT_ID', errorMessage: 'Unknown product', productId: productMatch[1] });
      }
      if (req.method === 'POST' && (path === '/availability' || path === '/availability/calendar')) {
        if (!product) return send(404, { error: 'INVALID_PRODUCT_ID', errorMessage: 'Unknown product', productId: body.productId });
        const date = String(body.localDate ?? body.localDateStart);
        if (path === '/availability/calendar') return send(200, [{ localDate: date, available: true, status: 'AVAILABLE', vacancies: 8, capacity: 8, openingHours: [] }]);
        const id = slotId(date, product);
        const slot = { id, localDateTimeStart: id, localDateTimeEnd: id, allDay: false, available: true, status: 'AVAILABLE', vacancies: 8, capacity: 8, maxUnits: 8, utcCutoffAt: '2026-01-01T00:00:00Z', openingHours: [] };
        if (product.pricingPer === 'BOOKING') return send(200, [{ ...slot, pricing: pricing(CHARTER_PRICE) }]);
        if (product.id === 'museum') {
          const unitPricing = Object.entries(MUSEUM_PRICES).map(([unitId, retail]) => ({ unitId, ...pricing(retail) }));
          return send(200, [{ ...slot, pricing: pricing(0), unitPricing }]);
        }
        return send(200, [slot]);
      }
      if (req.method === 'POST' && path === '/bookings') {
        if (!product) return send(404, { error: 'INVALID_PRODUCT_ID', errorMessage: 'Unknown product', productId: body.productId });
        const units = ((body.unitItems as { unitId: string }[] | undefined) ?? []).map((u) => u.unitId);
        if (units.length === 0) return send(422, { error: 'UNPROCESSABLE_ENTITY', errorMessage: 'Add at least one guest', status: 422 });
        const museum = product.id === 'museum';
        const listed = product.pricingPer === 'BOOKING' ? CHARTER_PRICE : museum ? 0 : null;
        const price = { 'as-listed': listed, zero: 0, changed: listed === null ? null : listed + 5_000, missing: null }[state.holdPricing];
        const hold: Hold = {
          uuid: crypto.randomUUID(),
          productId: product.id,
          optionId: String(body.optionId),
          availabilityId: String(body.availabilityId),
          units,
          status: 'ON_HOLD',
          price,
          unitPrices: museum ? units.map((unitId) => MUSEUM_PRICES[unitId as keyof typeof MUSEUM_PRICES] ?? 0) : null,
          contact: null,
        };
        holds.set(hold.uuid, hold);
        return send(200, bookingOf(hold));
      }
      const bookingMatch = /^\/bookings\/([^/]+)(\/confirm)?$/.exec(path);
      const hold = bookingMatch ? holds.get(decodeURIComponent(bookingMatch[1]!)) : undefined;
      if (bookingMatch && !hold) return send(404, { error: 'INVALID_BOOKING_UUID', errorMessage: 'No such booking', uuid: bookingMatch[1] });
      if (hold && req.method === 'GET' && !bookingMatch![2]) return send(200, bookingOf(hold));
      if (hold && req.method === 'DELETE' && !bookingMatch![2]) {
        hold.status = 'CANCELLED';
        return send(200, bookingOf(hold));
      }
      if (hold && req.method === 'POST' && bookingMatch![2]) {
        if (hold.status !== 'ON_HOLD' && hold.status !== 'CONFIRMED') return send(422, { error: 'UNPROCESSABLE_ENTITY', errorMessage: `The booking is ${hold.status}` });
        hold.status = 'CONFIRMED';
        hold.contact = body.contact;
        return send(200, bookingOf(hold));
      }
      send(404, { message: `Cannot ${req.method} ${url.pathname}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/octo`,
    holds,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
