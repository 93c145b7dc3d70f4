// Our /octo against the OCTO specification, rule by rule, on PGlite and PostgreSQL: each check names the
// OCTO error code and shape a reseller's software relies on (the official validator's rules, which CI
// cannot run). Bad input gets OCTO's own codes, never a 500, and writes nothing.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { OCTO_KEY, OTHER_OCTO_KEY } from './sites';
import { serverNow } from '@/server/clock';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Call = { method?: string; body?: unknown; rawBody?: string; key?: string | null; capabilities?: string; contentType?: string };

const UTC_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const PRODUCT = 'main-deck';
const OPTION = 'main-deck-day';
const adults = (n: number) => Array.from({ length: n }, () => ({ unitId: 'adult' }));
const CONTACT = { fullName: 'John Doe', firstName: 'John', lastName: 'Doe', emailAddress: 'john@example.com', notes: 'Test note' };

describe.each(inject('backends'))('OCTO conformance of /octo on $name', ({ url }) => {
  async function octo(path: string, { method = 'GET', body, rawBody, key, capabilities, contentType }: Call = {}) {
    const headers = new Headers({ 'content-type': contentType ?? 'application/json' });
    if (key !== null) headers.set('authorization', `Bearer ${key ?? OCTO_KEY}`);
    if (capabilities) headers.set('octo-capabilities', capabilities);
    const res = await fetch(`${url}/octo${path}`, { method, headers, body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
  }
  const post = (path: string, body: unknown, call: Call = {}) => octo(path, { ...call, method: 'POST', body });

  /** Slots of a day far enough ahead that no other test file books it. */
  let day: string;
  let slots: Json[];
  const vacancies = async (availabilityId: string) =>
    (await post('/availability', { productId: PRODUCT, optionId: OPTION, availabilityIds: [availabilityId] })).body[0]!.vacancies as number;
  const hold = async (unitItems: unknown = adults(2), availabilityId = slots[0]!.id) =>
    (await post('/bookings', { productId: PRODUCT, optionId: OPTION, availabilityId, unitItems })).body;

  beforeAll(async () => {
    const start = addLocalDays(todayIn('America/New_York', serverNow()), 20);
    const calendar = await post('/availability/calendar', { productId: PRODUCT, optionId: OPTION, localDateStart: start, localDateEnd: addLocalDays(start, 14) });
    day = (calendar.body as unknown as Json[]).find((d) => d.status === 'AVAILABLE')!.localDate;
    slots = (await post('/availability', { productId: PRODUCT, optionId: OPTION, localDate: day })).body as unknown as Json[];
  });

  describe('errors', () => {
    it('asks for a key (401 UNAUTHORIZED) and refuses a wrong one (403 FORBIDDEN)', async () => {
      expect(await octo('/products', { key: null })).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED', errorMessage: expect.any(String) } });
      expect(await octo('/products', { key: 'not-a-real-key-at-all' })).toMatchObject({ status: 403, body: { error: 'FORBIDDEN' } });
    });

    it('answers an unknown endpoint 404 NOT_FOUND and a wrong method 400 BAD_REQUEST', async () => {
      expect(await octo('/nowhere')).toMatchObject({ status: 404, body: { error: 'NOT_FOUND', errorMessage: expect.any(String) } });
      const wrong = await octo('/supplier', { method: 'DELETE' });
      expect(wrong).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
      expect(wrong.headers.get('allow')).toBe('GET');
    });

    it('answers malformed bodies 400 BAD_REQUEST', async () => {
      expect(await octo('/availability', { method: 'POST', rawBody: '{"productId":' })).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
      expect(await octo('/availability', { method: 'POST', rawBody: 'productId=main-deck', contentType: 'text/plain' })).toMatchObject({
        status: 400,
        body: { error: 'BAD_REQUEST' },
      });
      expect(await post('/availability', { productId: 7 })).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    });

    it('names unknown products and options with the id', async () => {
      expect(await octo('/products/nope')).toMatchObject({ status: 400, body: { error: 'INVALID_PRODUCT_ID', productId: 'nope' } });
      expect(await post('/availability', { productId: PRODUCT, optionId: 'nope', localDate: day })).toMatchObject({
        status: 400,
        body: { error: 'INVALID_OPTION_ID', optionId: 'nope' },
      });
    });
  });

  describe('capabilities', () => {
    it('lists what may be asked for, and ignores what it does not have', async () => {
      const list = await octo('/capabilities');
      expect((list.body as unknown as Json[]).map((c) => c.id)).toEqual(['octo/content', 'octo/pricing', 'octo/webhooks']);
      const asked = await octo('/supplier', { capabilities: 'octo/pricing, octo/moon-landing' });
      expect(asked.status).toBe(200);
      expect(asked.headers.get('octo-capabilities')).toBe('octo/pricing');
    });

    it('prices calendar days with octo/pricing only', async () => {
      const query = { productId: PRODUCT, optionId: OPTION, localDateStart: day, localDateEnd: day };
      const [priced] = (await post('/availability/calendar', query, { capabilities: 'octo/pricing' })).body as unknown as Json[];
      expect(priced!.unitPricingFrom).toContainEqual(expect.objectContaining({ unitId: 'adult', retail: 4400, currency: 'USD' }));
      const [plain] = (await post('/availability/calendar', query)).body as unknown as Json[];
      expect(plain).not.toHaveProperty('unitPricingFrom');
    });

    it('answers /webhooks only to those who ask for octo/webhooks', async () => {
      expect(await octo('/webhooks')).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    });
  });

  describe('availability', () => {
    it('writes utcCutoffAt without milliseconds', () => {
      expect(slots.length).toBeGreaterThan(20);
      for (const slot of slots) expect(slot.utcCutoffAt).toMatch(UTC_SECONDS);
    });

    it('answers by availabilityIds as by dates', async () => {
      const ids = [slots[1]!.id, slots[3]!.id];
      const byIds = await post('/availability', { productId: PRODUCT, optionId: OPTION, availabilityIds: ids });
      expect(byIds.status).toBe(200);
      expect((byIds.body as unknown as Json[]).map((s) => s.id)).toEqual(ids);
      expect(byIds.body[0]).toEqual(slots[1]);
    });

    it('refuses both dates and ids, or neither, with 400 BAD_REQUEST', async () => {
      const both = await post('/availability', { productId: PRODUCT, optionId: OPTION, localDateStart: day, localDateEnd: day, availabilityIds: [slots[0]!.id] });
      expect(both).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST', errorMessage: expect.any(String) } });
      expect(await post('/availability', { productId: PRODUCT, optionId: OPTION })).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    });

    it('names an availability id that is no slot', async () => {
      expect(await post('/availability', { productId: PRODUCT, optionId: OPTION, availabilityIds: [`${day}T09:15:00-05:00`] })).toMatchObject({
        status: 400,
        body: { error: 'INVALID_AVAILABILITY_ID', availabilityId: `${day}T09:15:00-05:00` },
      });
    });
  });

  describe('opening hours', () => {
    it('serves an all-day product as OPENING_HOURS: no start times, one slot a day with its hours, sold until closing', async () => {
      const product = (await octo('/products/day-pass')).body;
      expect(product).toMatchObject({ availabilityType: 'OPENING_HOURS', options: [{ id: 'day-pass-open', availabilityLocalStartTimes: [] }] });
      const hours = [{ from: '09:00', to: '22:00' }];
      const days = (await post('/availability/calendar', { productId: 'day-pass', optionId: 'day-pass-open', localDateStart: day, localDateEnd: addLocalDays(day, 6) }))
        .body as unknown as Json[];
      for (const calendarDay of days) expect(calendarDay.openingHours).toEqual(hours);
      const [slot, ...more] = (await post('/availability', { productId: 'day-pass', optionId: 'day-pass-open', localDate: day })).body as unknown as Json[];
      expect(more).toEqual([]);
      const offset = String(slot!.id).slice(-6);
      expect(slot).toMatchObject({ id: `${day}T09:00:00${offset}`, allDay: true, openingHours: hours, localDateTimeEnd: `${day}T22:00:00${offset}`, available: true });
      expect(slot!.utcCutoffAt).toMatch(UTC_SECONDS);
      expect(new Date(slot!.utcCutoffAt).getTime()).toBe(new Date(slot!.localDateTimeEnd).getTime());
      const held = (await post('/bookings', { productId: 'day-pass', optionId: 'day-pass-open', availabilityId: slot!.id, unitItems: adults(2) })).body;
      expect(held).toMatchObject({ status: 'ON_HOLD', availability: { id: slot!.id, allDay: true, openingHours: hours } });
    });
  });

  describe('reservation', () => {
    it.each([
      ['missing unitItems', undefined, 'UNPROCESSABLE_ENTITY', {}],
      ['empty unitItems', [], 'UNPROCESSABLE_ENTITY', {}],
      ['an unknown unit', [{ unitId: 'dragon' }], 'INVALID_UNIT_ID', { unitId: 'dragon' }],
    ])('refuses %s with 400 %s and holds nothing', async (_name, unitItems, error, details) => {
      const before = await vacancies(slots[0]!.id);
      const answer = await post('/bookings', { productId: PRODUCT, optionId: OPTION, availabilityId: slots[0]!.id, ...(unitItems ? { unitItems } : {}) });
      expect(answer).toMatchObject({ status: 400, body: { error, errorMessage: expect.any(String), ...details } });
      expect(await vacancies(slots[0]!.id)).toBe(before);
    });

    it('refuses unknown products, options and availability ids by name', async () => {
      const base = { productId: PRODUCT, optionId: OPTION, availabilityId: slots[0]!.id, unitItems: adults(1) };
      expect(await post('/bookings', { ...base, productId: 'nope' })).toMatchObject({ status: 400, body: { error: 'INVALID_PRODUCT_ID', productId: 'nope' } });
      expect(await post('/bookings', { ...base, optionId: 'nope' })).toMatchObject({ status: 400, body: { error: 'INVALID_OPTION_ID', optionId: 'nope' } });
      expect(await post('/bookings', { ...base, availabilityId: 'invalidAvailabilityId' })).toMatchObject({
        status: 400,
        body: { error: 'INVALID_AVAILABILITY_ID', availabilityId: 'invalidAvailabilityId' },
      });
    });

    it('carries a ticket on every unit item from the hold on, and no voucher: the product delivers tickets only', async () => {
      const product = (await octo(`/products/${PRODUCT}`)).body;
      expect(product.deliveryMethods).toEqual(['TICKET']);
      const held = await hold();
      expect(held).toMatchObject({ status: 'ON_HOLD', deliveryMethods: product.deliveryMethods, voucher: null });
      for (const item of held.unitItems) expect(item.ticket).toMatchObject({ redemptionMethod: 'DIGITAL', utcRedeemedAt: null });
      expect(held.utcCreatedAt).toMatch(UTC_SECONDS);
      expect(held.utcUpdatedAt).toMatch(UTC_SECONDS);
      expect(held.utcExpiresAt).toMatch(UTC_SECONDS);
      const cancelled = (await post(`/bookings/${held.uuid}/cancel`, { reason: 'Changed plans' })).body;
      expect(cancelled).toMatchObject({ status: 'CANCELLED', voucher: null, cancellation: { reason: 'Changed plans' } });
      expect(cancelled.cancellation.utcCancelledAt).toMatch(UTC_SECONDS);
      expect(cancelled.unitItems[0].ticket).toMatchObject({ redemptionMethod: 'DIGITAL' });
    });
  });

  describe('confirmation', () => {
    it('honours the unit items sent: their count and unit ids', async () => {
      const held = await hold(adults(2), slots[2]!.id);
      const before = await vacancies(slots[2]!.id);
      const unitItems = [...adults(2), { unitId: 'child' }];
      const confirmed = await post(`/bookings/${held.uuid}/confirm`, { contact: CONTACT, resellerReference: 'CONF-1', unitItems }, { capabilities: 'octo/pricing' });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ status: 'CONFIRMED', resellerReference: 'CONF-1', contact: CONTACT, voucher: null });
      expect(confirmed.body.utcConfirmedAt).toMatch(UTC_SECONDS);
      expect(confirmed.body.unitItems.map((u: Json) => u.unitId)).toEqual(['adult', 'adult', 'child']);
      expect(new Set(confirmed.body.unitItems.map((u: Json) => u.uuid)).size).toBe(3);
      expect(confirmed.body.pricing).toMatchObject({ retail: 2 * 4400 + 3800 });
      expect(await vacancies(slots[2]!.id)).toBe(before - 1);
    });

    it('refuses an unknown unit id with 400 INVALID_UNIT_ID and leaves the hold as it was', async () => {
      const held = await hold(adults(2), slots[2]!.id);
      const answer = await post(`/bookings/${held.uuid}/confirm`, { contact: CONTACT, unitItems: [{ unitId: 'invalidUnitId' }, { unitId: 'invalidUnitId' }] });
      expect(answer).toMatchObject({ status: 400, body: { error: 'INVALID_UNIT_ID', unitId: 'invalidUnitId' } });
      expect((await octo(`/bookings/${held.uuid}`)).body).toMatchObject({ status: 'ON_HOLD', unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] });
    });

    it('names an unknown booking uuid', async () => {
      expect(await post('/bookings/invalidUUID/confirm', { contact: {} })).toMatchObject({ status: 400, body: { error: 'INVALID_BOOKING_UUID', uuid: 'invalidUUID' } });
    });
  });

  describe('update (PATCH /bookings/{uuid})', () => {
    it('moves a hold to another time, giving the first slot its places back', async () => {
      const held = await hold(adults(2), slots[4]!.id);
      const [first, second] = [await vacancies(slots[4]!.id), await vacancies(slots[5]!.id)];
      const moved = await octo(`/bookings/${held.uuid}`, { method: 'PATCH', body: { availabilityId: slots[5]!.id } });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ status: 'ON_HOLD', availabilityId: slots[5]!.id, availability: { id: slots[5]!.id } });
      expect([await vacancies(slots[4]!.id), await vacancies(slots[5]!.id)]).toEqual([first + 2, second - 2]);
    });

    it('changes the units, the contact, the notes and the reseller reference of a confirmed booking', async () => {
      const held = await hold(adults(2), slots[6]!.id);
      await post(`/bookings/${held.uuid}/confirm`, { contact: CONTACT, resellerReference: 'UPD-1' });
      const kept = held.unitItems[0].uuid;
      const unitItems = [{ uuid: kept, unitId: 'adult' }, { unitId: 'senior' }, { unitId: 'child' }];
      const contact = { ...CONTACT, firstName: 'Jane', fullName: 'Jane Doe', phoneNumber: '+00000000', country: 'GB', locales: ['en'] };
      const updated = await octo(`/bookings/${held.uuid}`, { method: 'PATCH', body: { unitItems, contact, notes: 'Window seats', resellerReference: 'UPD-2' } });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ status: 'CONFIRMED', notes: 'Window seats', resellerReference: 'UPD-2', contact: { firstName: 'Jane', fullName: 'Jane Doe' } });
      expect(updated.body.unitItems.map((u: Json) => u.unitId)).toEqual(['adult', 'senior', 'child']);
      expect(updated.body.unitItems[0].uuid).toBe(kept);
    });

    it('moves a hold to another product under the rules of a new one', async () => {
      const held = await hold(adults(1), slots[7]!.id);
      const target = await post('/availability', { productId: 'express-pass', optionId: 'express-main', localDate: day });
      const availabilityId = (target.body as unknown as Json[])[0]!.id;
      const moved = await octo(`/bookings/${held.uuid}`, {
        method: 'PATCH',
        body: { productId: 'express-pass', optionId: 'express-main', availabilityId, unitItems: adults(2) },
      });
      expect(moved).toMatchObject({ status: 200, body: { productId: 'express-pass', optionId: 'express-main', availabilityId } });
      const refused = await octo(`/bookings/${held.uuid}`, { method: 'PATCH', body: { unitItems: adults(9) } });
      expect(refused).toMatchObject({ status: 400, body: { error: 'UNPROCESSABLE_ENTITY' } });
      expect((await octo(`/bookings/${held.uuid}`)).body.unitItems).toHaveLength(2);
    });

    it('refuses unknown units, unknown bookings and cancelled bookings by OCTO name', async () => {
      const held = await hold(adults(1), slots[8]!.id);
      expect(await octo(`/bookings/${held.uuid}`, { method: 'PATCH', body: { unitItems: [{ unitId: 'dragon' }] } })).toMatchObject({
        status: 400,
        body: { error: 'INVALID_UNIT_ID', unitId: 'dragon' },
      });
      expect(await octo(`/bookings/${held.uuid}`, { method: 'PATCH', body: { availabilityId: 'nope' } })).toMatchObject({
        status: 400,
        body: { error: 'INVALID_AVAILABILITY_ID' },
      });
      expect(await octo('/bookings/invalidUUID', { method: 'PATCH', body: { notes: 'x' } })).toMatchObject({ status: 400, body: { error: 'INVALID_BOOKING_UUID' } });
      await octo(`/bookings/${held.uuid}`, { method: 'DELETE' });
      expect(await octo(`/bookings/${held.uuid}`, { method: 'PATCH', body: { notes: 'x' } })).toMatchObject({ status: 400, body: { error: 'UNPROCESSABLE_ENTITY' } });
    });
  });

  describe('list (GET /bookings)', () => {
    it("finds a reseller's bookings by its reference or ours, and only its own", async () => {
      const held = await hold(adults(1), slots[9]!.id);
      const reference = `LIST-${crypto.randomUUID().slice(0, 8)}`;
      await post(`/bookings/${held.uuid}/confirm`, { contact: { fullName: 'John Doe' }, resellerReference: reference });
      const byReseller = await octo(`/bookings?resellerReference=${reference}`);
      expect(byReseller.status).toBe(200);
      expect((byReseller.body as unknown as Json[]).map((b) => [b.uuid, b.resellerReference])).toEqual([[held.uuid, reference]]);
      const bySupplier = await octo(`/bookings?supplierReference=${held.supplierReference}`);
      expect((bySupplier.body as unknown as Json[]).map((b) => b.uuid)).toEqual([held.uuid]);
      expect((await octo(`/bookings?resellerReference=${reference}`, { key: OTHER_OCTO_KEY })).body).toEqual([]);
    });

    it('refuses a list without a reference with 400 BAD_REQUEST', async () => {
      expect(await octo('/bookings')).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    });
  });
});
