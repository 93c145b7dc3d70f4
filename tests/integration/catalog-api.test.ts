// GET /api/metadata/getProducts and POST /api/auth/octo/products/availability(+Calendar), as the ticket
// page calls them, including every validation message of docs/product.md#rules and hostile input.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { freePort, startSite, type RunningServer } from '../support/server';
import { OCTO_KEY, TEST_SITE_ENV, Visitor } from './sites';
import { serverNow } from '@/server/clock';

const today = () => todayIn('America/New_York', serverNow());
const valid = () => ({ productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedDate: addLocalDays(today(), 9) });

describe.each(inject('backends'))('catalogue API on $name', ({ url }) => {
  const visitor = () => new Visitor(url);

  it('lists the products in the visitor language', async () => {
    const res = await visitor().request('/api/metadata/getProducts', { headers: { 'accept-language': 'ja' } });
    expect(res.status).toBe(200);
    const products = (await res.json()) as { id: string; title: string; fromPrice: number; options: { units: { price: number }[] }[] }[];
    expect(products.map((p) => p.id)).toEqual(['main-deck', 'main-and-top-deck', 'express-pass', 'sunrise', 'day-pass']);
    expect(products[0]!.title).not.toBe('Main Deck');
    expect(products[0]!.fromPrice).toBe(3800);
    expect(products[0]!.options[0]!.units.map((u) => u.price)).toEqual([4400, 4200, 3800, 0]);
  });

  it('writes each lowest price in the visitor language, for the page to show as it is', async () => {
    const priceTexts = async (language: string) => {
      const res = await visitor().request('/api/metadata/getProducts', { headers: { 'accept-language': language } });
      return ((await res.json()) as { id: string; fromPriceText: string | null }[]).find((p) => p.id === 'main-deck')!.fromPriceText;
    };
    expect(await priceTexts('en')).toBe('$38.00');
    // A German decimal comma, the dollar after the amount (with a no-break space, as Intl writes it).
    expect(await priceTexts('de')).toBe('38,00\u00a0$');
  });

  it('answers the slots of a day, priced for the quantities', async () => {
    const body = valid();
    const res = await visitor().postJson('/api/auth/octo/products/availability', { ...body, selectedDate: `${body.selectedDate}T00:00:00-05:00` });
    expect(res.status).toBe(200);
    const slots = (await res.json()) as { id: string; total: number; available: boolean; capacity: number }[];
    expect(slots.length).toBeGreaterThan(20);
    // A visitor sees the Main Deck's 150 places less the 15 kept for members (decision 0041).
    expect(slots[0]).toMatchObject({ total: 8800, capacity: 135 });
    expect(slots[0]!.id.startsWith(`${body.selectedDate}T09:00:00`)).toBe(true);
  });

  it('answers the days of a month, with closed days', async () => {
    const month = addLocalDays(today(), 40).slice(0, 7);
    const res = await visitor().postJson('/api/auth/octo/products/availabilityCalendar', { productId: 'sunrise', optionId: 'sunrise-weekend', month });
    expect(res.status).toBe(200);
    const days = (await res.json()) as { localDate: string; status: string }[];
    expect(days.length).toBeGreaterThanOrEqual(28);
    const monday = days.find((d) => new Date(`${d.localDate}T12:00:00Z`).getUTCDay() === 1)!;
    expect(monday.status).toBe('CLOSED');
  });

  it.each([
    ['no product', { productId: undefined }, 'Please select a product'],
    ['an empty product', { productId: '' }, 'Please select a product'],
    ['no option', { optionId: undefined }, 'Please select an option'],
    ['no quantities', { quantities: {} }, 'Please select a quantity'],
    ['only zero quantities', { quantities: { adult: 0 } }, 'Please select a quantity'],
    ['no date', { selectedDate: undefined }, 'Please select a date'],
    ['an empty date', { selectedDate: '' }, 'Please select a date'],
    ['an unknown product', { productId: 'moon-deck' }, 'Unknown product'],
    ['an unknown option', { optionId: 'moon-option' }, 'Unknown option'],
    ['an unknown unit', { quantities: { dragon: 1 } }, 'Unknown ticket type'],
    ['a negative quantity', { quantities: { adult: -1 } }, 'A quantity cannot be negative'],
    ['a huge quantity', { quantities: { adult: 1e9 } }, 'At most 100 tickets of one type'],
    ['more than a unit allows', { quantities: { adult: 50 } }, 'Validation failed: adult takes 0 to 10'],
    ['a fractional quantity', { quantities: { adult: 1.5 } }, 'A quantity must be a whole number'],
    ['a quantity as text', { quantities: { adult: '2' } }, 'A quantity must be a whole number'],
    ['quantities as a list', { quantities: [2] }, 'Please select a quantity'],
    ['a date in the past', { selectedDate: '2020-01-01' }, 'Please select a date from today on'],
    ['a malformed date', { selectedDate: 'tomorrow' }, 'The date must look like 2026-11-21'],
    ['an impossible date', { selectedDate: '2027-02-30' }, 'The date must look like 2026-11-21'],
    ['a number for a product', { productId: 42 }, 'Please select a product'],
    ['an unknown field', { discount: 100 }, 'Unrecognized key: "discount"'],
  ])('refuses %s with a clear message', async (_name, change, message) => {
    const body: Record<string, unknown> = { ...valid(), ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const res = await visitor().postJson('/api/auth/octo/products/availability', body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
  });

  it("answers every error in the visitor's language, with a stable code", async () => {
    const ja = new Visitor(url, 'ja');
    const cases: [Record<string, unknown>, string][] = [
      [{ productId: undefined }, '商品を選択してください'],
      [{ quantities: { adult: 50 } }, 'adult'],
      [{ discount: 100 }, 'discount'],
      [{ selectedDate: '2020-01-01' }, ''],
    ];
    for (const [change, contains] of cases) {
      const body: Record<string, unknown> = { ...valid(), ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
      const res = await ja.postJson('/api/auth/octo/products/availability', body);
      const answer = (await res.json()) as { error: string; code: string };
      expect(Object.keys(answer).sort()).toEqual(['code', 'error']);
      expect(answer.code).toMatch(/^(VALIDATION|BAD_REQUEST)$/);
      expect(answer.error).toContain(contains);
      // Written in Japanese: not the English of the same error.
      const en = (await visitor().postJson('/api/auth/octo/products/availability', body).then((r) => r.json())) as { error: string };
      expect(answer.error).not.toBe(en.error);
    }
    const unknownMethod = await ja.request('/api/auth/octo/products/availability');
    expect(unknownMethod.status).toBe(405);
    expect(((await unknownMethod.json()) as { error: string }).error).not.toMatch(/^Use POST/);
  });

  it('checks the fields in the order a visitor fills them', async () => {
    const res = await visitor().postJson('/api/auth/octo/products/availability', {});
    expect(((await res.json()) as { error: string }).error).toBe('Please select a product');
  });

  it("renders the ticket page with its products, the first card's photo asked for first (decision 0074)", async () => {
    const listed = (await (await visitor().request('/api/metadata/getProducts', { headers: { 'accept-language': 'ja' } })).json()) as { title: string }[];
    const res = await visitor().request('/ja/products');
    expect(res.status).toBe(200);
    const html = await res.text();
    // Every product's card, in Japanese, before any script has run.
    for (const product of listed) expect(html).toContain(`>${product.title}<`);
    expect(html.match(/<input[^>]*name="product"/g)).toHaveLength(listed.length);
    // One photo at high priority: the first card's, the page's largest paint on a phone.
    const eager = html.match(/<img[^>]*fetchPriority="high"[^>]*>/gi) ?? [];
    expect(eager).toHaveLength(1);
    expect(eager[0]).toContain('main-deck.jpg');
  });

  it('serves the products from memory after the first request', async () => {
    const first = await visitor().request('/api/metadata/getProducts');
    const second = await visitor().request('/api/metadata/getProducts');
    expect(await second.json()).toEqual(await first.json());
  });
});

describe('a site whose supplier is an OCTO system', () => {
  let viaOcto: RunningServer;
  let unreachable: RunningServer;

  beforeAll(async () => {
    const [first] = inject('backends');
    [viaOcto, unreachable] = await Promise.all([
      startSite({ ...TEST_SITE_ENV, OCTO_BASE_URL: `${first!.url}/octo`, OCTO_API_KEY: OCTO_KEY }),
      startSite({ ...TEST_SITE_ENV, OCTO_BASE_URL: `http://127.0.0.1:${await freePort()}/octo`, OCTO_API_KEY: OCTO_KEY }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([viaOcto?.stop(), unreachable?.stop()]);
  });

  it('sells the OCTO supplier products', async () => {
    const res = await new Visitor(viaOcto.url).request('/api/metadata/getProducts');
    expect(((await res.json()) as { id: string }[]).map((p) => p.id)).toContain('sunrise');
    const slots = await new Visitor(viaOcto.url).postJson('/api/auth/octo/products/availability', valid());
    expect(slots.status).toBe(200);
  });

  it("says 'Failed to fetch availability' when the supplier is down", async () => {
    const res = await new Visitor(unreachable.url).postJson('/api/auth/octo/products/availability', valid());
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'Failed to fetch availability', code: 'SUPPLIER_FAILED' });
  });

  it('still renders the ticket page when the supplier is down, leaving the products to the browser', async () => {
    const res = await new Visitor(unreachable.url).request('/products');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Loading the tickets…');
    expect(html).not.toContain('name="product"');
  });

  it('says the products could not be loaded when the supplier is down', async () => {
    const res = await new Visitor(unreachable.url).request('/api/metadata/getProducts');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'The ticket products could not be loaded. Please try again.', code: 'SUPPLIER_FAILED' });
  });
});
