import { describe, expect, it } from 'vitest';
import dropsJson from '../../config/drops.json';
import { CATALOG } from '@/config/catalog';
import { dropsSchema } from '@/config/drops-schema';

describe('the demo configuration', () => {
  it('has valid drops, at least four, each with translations of its own', () => {
    const drops = dropsSchema.parse(dropsJson).drops;
    expect(drops.length).toBeGreaterThanOrEqual(4);
    expect(new Set(drops.map((d) => d.trigger))).toEqual(new Set(['joined', 'booking-confirmed', 'ticket-redeemed']));
  });

  it('names only products of the catalogue in its drops', () => {
    const products = new Set(CATALOG.products.map((p) => p.id));
    for (const drop of dropsSchema.parse(dropsJson).drops) if (drop.productId) expect(products).toContain(drop.productId);
  });

  it('refuses a drop with an unknown trigger', () => {
    expect(dropsSchema.safeParse({ drops: [{ id: 'x', trigger: 'birthday', artwork: '/x.svg', poapEventId: null }] }).success).toBe(false);
  });
});
