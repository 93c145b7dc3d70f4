import { describe, expect, it } from 'vitest';
import dropsJson from '../../config/drops.json';
import { CATALOG, catalogSchema, maxTicketsPerBooking } from '@/config/catalog';
import { dropsSchema } from '@/config/drops-schema';

describe('the demo configuration', () => {
  it('has valid drops, at least four, each with translations of its own', () => {
    const drops = dropsSchema.parse(dropsJson).drops;
    expect(drops.length).toBeGreaterThanOrEqual(4);
    expect(new Set(drops.map((d) => d.trigger))).toEqual(new Set(['joined', 'booking-confirmed', 'ticket-redeemed', 'challenge-completed']));
  });

  it('names only products of the catalogue in its drops', () => {
    const products = new Set(CATALOG.products.map((p) => p.id));
    for (const drop of dropsSchema.parse(dropsJson).drops) if (drop.productId) expect(products).toContain(drop.productId);
  });

  it('refuses a drop with an unknown trigger', () => {
    expect(dropsSchema.safeParse({ drops: [{ id: 'x', trigger: 'birthday', artwork: '/x.svg', poapEventId: null }] }).success).toBe(false);
  });

  it('limits the tickets of one booking per product, else by the catalogue, 1 to 100', () => {
    expect(maxTicketsPerBooking('express-pass')).toBe(6);
    expect(maxTicketsPerBooking('main-deck')).toBe(CATALOG.maxTicketsPerBooking);
    expect(maxTicketsPerBooking('an-external-suppliers-product')).toBe(CATALOG.maxTicketsPerBooking);
    expect(catalogSchema.parse({ ...CATALOG, maxTicketsPerBooking: undefined }).maxTicketsPerBooking).toBe(10);
    for (const bad of [0, 101, 2.5]) {
      expect(catalogSchema.safeParse({ ...CATALOG, maxTicketsPerBooking: bad }).success).toBe(false);
      const products = CATALOG.products.map((p, i) => (i === 0 ? { ...p, maxTicketsPerBooking: bad } : p));
      expect(catalogSchema.safeParse({ ...CATALOG, products }).success).toBe(false);
    }
  });
});
