// Our OCTO API as a reseller meets it: keys, capabilities, languages, error bodies, and isolation.
import { describe, expect, inject, it } from 'vitest';
import { OCTO_KEY, OTHER_OCTO_KEY } from './sites';

describe.each(inject('backends'))('the OCTO API on $name', ({ url }) => {
  const octo = (path: string, init: RequestInit & { key?: string | null; capabilities?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.key !== null) headers.set('authorization', `Bearer ${init.key ?? OCTO_KEY}`);
    if (init.capabilities) headers.set('octo-capabilities', init.capabilities);
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`${url}/octo${path}`, { ...init, headers });
  };

  it('asks for a key, and refuses a wrong one', async () => {
    const none = await octo('/products', { key: null });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    const wrong = await octo('/products', { key: 'not-a-real-key-at-all' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: 'FORBIDDEN' });
  });

  it('sends content and pricing only to those who ask, in their language', async () => {
    const plain = (await (await octo('/products/main-deck')).json()) as Record<string, unknown>;
    expect(plain).not.toHaveProperty('title');
    expect(JSON.stringify(plain)).not.toContain('pricingFrom');

    const res = await octo('/products/main-deck', { capabilities: 'octo/content, octo/pricing', headers: { 'accept-language': 'fr-FR' } });
    expect(res.headers.get('octo-capabilities')).toBe('octo/content, octo/pricing');
    expect(res.headers.get('content-language')).toBe('fr');
    const rich = (await res.json()) as { title: string; options: { units: { pricingFrom: unknown[] }[] }[] };
    expect(rich.title).toBeTruthy();
    expect(rich.title).not.toBe('Main Deck');
    expect(rich.options[0]!.units[0]!.pricingFrom).toHaveLength(1);
  });

  it('answers bad requests with OCTO error bodies', async () => {
    const unknown = await octo('/products/nope');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'INVALID_PRODUCT_ID', errorMessage: 'The productId was missing or invalid', productId: 'nope' });

    const malformed = await octo('/availability', { method: 'POST', body: '{"productId": 1}' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'BAD_REQUEST' });

    const noRoute = await octo('/nowhere');
    expect(noRoute.status).toBe(404);
  });

  it("keeps one reseller's bookings from another", async () => {
    const calendar = await octo('/availability/calendar', {
      method: 'POST',
      body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: '2027-05-22', localDateEnd: '2027-06-01' }),
    });
    const day = ((await calendar.json()) as { localDate: string; available: boolean }[]).find((d) => d.available)!.localDate;
    const slots = await octo('/availability', {
      method: 'POST',
      body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day }),
    });
    const [slot] = (await slots.json()) as { id: string }[];
    const created = await octo('/bookings', {
      method: 'POST',
      body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: slot!.id, unitItems: [{ unitId: 'adult' }] }),
    });
    const booking = (await created.json()) as { uuid: string; status: string };
    expect(booking.status).toBe('ON_HOLD');
    expect((await octo(`/bookings/${booking.uuid}`)).status).toBe(200);
    const other = await octo(`/bookings/${booking.uuid}`, { key: OTHER_OCTO_KEY });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID' });
  });
});
