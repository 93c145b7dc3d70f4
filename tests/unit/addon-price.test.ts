// Add-ons' prices and offer (decision 0050): which add-ons an option offers, what a choice costs at list
// price, the refusals of a choice, and the stock a visit takes from.
import { describe, expect, it } from 'vitest';
import { CATALOG, catalogSchema, type AddonConfig } from '@/config/catalog';
import { addonCents, addonLines, addonsOffered, addonStockKey } from '@/universal/addon-price';

const addons: AddonConfig[] = [
  { id: 'photo', price: 1500, stock: { per: 'slot', quantity: 3 }, maxPerBooking: 10, appliesTo: [{ productId: 'deck' }] },
  { id: 'fast', price: 1200, stock: { per: 'slot', quantity: 5 }, maxPerBooking: 2, appliesTo: [{ productId: 'deck', optionIds: ['day'] }] },
  { id: 'book', price: 900, stock: { per: 'day', quantity: 40 }, maxPerBooking: 4, appliesTo: [{ productId: 'deck' }, { productId: 'pass' }] },
];

describe('add-on prices', () => {
  it('offers the add-ons of a product, or of some of its options', () => {
    expect(addonsOffered(addons, 'deck', 'day').map((a) => a.id)).toEqual(['photo', 'fast', 'book']);
    expect(addonsOffered(addons, 'deck', 'sunset').map((a) => a.id)).toEqual(['photo', 'book']);
    expect(addonsOffered(addons, 'pass', 'any').map((a) => a.id)).toEqual(['book']);
    expect(addonsOffered(addons, 'other', 'any')).toEqual([]);
  });

  it('prices a choice at list price, in the catalogue order, dropping zeros', () => {
    const priced = addonLines(addonsOffered(addons, 'deck', 'day'), { book: 2, photo: 1, fast: 0 });
    expect(priced).toEqual({ lines: [{ addonId: 'photo', quantity: 1, unitPrice: 1500 }, { addonId: 'book', quantity: 2, unitPrice: 900 }], cents: 3300 });
    expect(addonLines(addons, {})).toEqual({ lines: [], cents: 0 });
    expect(addonCents([{ addonId: 'x', quantity: 3, unitPrice: 250 }])).toBe(750);
  });

  it('refuses an add-on the option does not offer, and more than the most per booking', () => {
    expect(addonLines(addonsOffered(addons, 'deck', 'sunset'), { fast: 1 })).toEqual({ problem: { kind: 'unknown', addonId: 'fast' } });
    expect(addonLines(addons, { fast: 3 })).toEqual({ problem: { kind: 'tooMany', addonId: 'fast', max: 2 } });
    expect(addonLines(addons, { fast: 2 })).toMatchObject({ cents: 2400 });
  });

  it('takes stock per slot start or per local date', () => {
    const slot = { start: new Date('2027-05-12T14:00:00.000Z'), localDate: '2027-05-12' };
    expect(addonStockKey(addons[0]!, slot)).toBe('slot:2027-05-12T14:00:00.000Z');
    expect(addonStockKey(addons[2]!, slot)).toBe('day:2027-05-12');
  });

  it('checks the catalogue: known products and options, unique ids, whole prices', () => {
    expect(CATALOG.addons.map((a) => a.id)).toEqual(['souvenir-photo', 'fast-track', 'guidebook']);
    const bad = (addon: Partial<AddonConfig>) => catalogSchema.safeParse({ ...CATALOG, addons: [{ ...CATALOG.addons[0]!, ...addon }] }).success;
    expect(bad({})).toBe(true);
    expect(bad({ appliesTo: [{ productId: 'no-such-product' }] })).toBe(false);
    expect(bad({ appliesTo: [{ productId: 'main-deck', optionIds: ['no-such-option'] }] })).toBe(false);
    expect(bad({ price: 12.5 })).toBe(false);
    expect(catalogSchema.safeParse({ ...CATALOG, addons: [CATALOG.addons[0], CATALOG.addons[0]] }).success).toBe(false);
    expect(catalogSchema.parse({ ...CATALOG, addons: undefined }).addons).toEqual([]);
  });
});
