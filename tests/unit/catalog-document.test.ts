// The catalogue as a versioned document (decision 0055): its schema (dated prices, dated schedules, texts
// per language), the price of a visit by its date, the slots of a date under a dated schedule, and the
// check a manager's save goes through.
import { describe, expect, it } from 'vitest';
import { catalogOfFile, catalogSchema, lowestPriceFrom, optionPlanOf, priceOn, textIn, type CatalogConfig } from '@/config/catalog';
import { currentDocument, documentHolder } from '@/config/document-store';
import { checkCatalog } from '@/modules/catalog/catalog-document';
import { catalogOf } from '@/modules/inventory/catalog';
import { plannedSlots, slotForAvailabilityId } from '@/modules/inventory/schedule';

const NY = 'America/New_York';

function edited(change: (catalog: CatalogConfig) => void): CatalogConfig {
  const catalog = structuredClone(catalogOfFile());
  change(catalog);
  return catalog;
}
const mainDeck = (catalog: CatalogConfig) => catalog.products[0]!.options[0]!;

describe('the price of a visit by its date', () => {
  const unit = { price: 4400, datedPrices: [{ from: '2027-12-20', to: '2027-12-31', price: 5200 }] };

  it('is the dated price covering the date, both ends included, else the unit’s price', () => {
    expect(priceOn(unit, '2027-12-19')).toBe(4400);
    expect(priceOn(unit, '2027-12-20')).toBe(5200);
    expect(priceOn(unit, '2027-12-31')).toBe(5200);
    expect(priceOn(unit, '2028-01-01')).toBe(4400);
    expect(priceOn({ price: 3800 }, '2027-12-25')).toBe(3800);
  });

  it('lowest from a date: a dated price counts until it has ended', () => {
    const sale = { price: 4400, datedPrices: [{ from: '2027-06-01', to: '2027-06-30', price: 3000 }] };
    expect(lowestPriceFrom(sale, '2027-05-12')).toBe(3000);
    expect(lowestPriceFrom(sale, '2027-07-01')).toBe(4400);
  });

  it('is what the inventory’s catalogue carries for each unit', () => {
    const catalog = catalogOf(edited((c) => (mainDeck(c).units[0]!.datedPrices = unit.datedPrices)));
    const adult = catalog.products[0]!.options[0]!.units[0]!;
    expect([adult.price, priceOn(adult, '2027-12-24')]).toEqual([4400, 5200]);
  });
});

describe('schedules by weekday and by date range', () => {
  const catalog = edited((c) => {
    mainDeck(c).datedSchedules = [
      // A late-night slot in December, and nothing but weekends in the first week of January.
      { from: '2027-12-01', to: '2027-12-31', schedule: { from: '09:00', to: '23:00', everyMinutes: 60, durationMinutes: 60 } },
      { from: '2028-01-01', to: '2028-01-07', schedule: { from: '10:00', to: '12:00', everyMinutes: 60, durationMinutes: 60, weekdays: [6, 0] } },
    ];
  });
  const plan = optionPlanOf(mainDeck(catalog));

  it('plans the dated schedule on its dates and the option’s own elsewhere', () => {
    expect(plannedSlots('2027-12-10', plan, NY).map((s) => s.availabilityId.slice(11, 16)).at(-1)).toBe('23:00');
    expect(plannedSlots('2027-12-10', plan, NY)).toHaveLength(15);
    expect(plannedSlots('2027-11-30', plan, NY).map((s) => s.availabilityId.slice(11, 16)).at(-1)).toBe('21:30');
    // 2028-01-01 is a Saturday, 2028-01-03 a Monday.
    expect(plannedSlots('2028-01-01', plan, NY).map((s) => s.localDateTimeStart)).toEqual(['2028-01-01T10:00:00-05:00', '2028-01-01T11:00:00-05:00', '2028-01-01T12:00:00-05:00']);
    expect(plannedSlots('2028-01-03', plan, NY)).toEqual([]);
  });

  it('knows a dated slot by its availability id, only on its dates', () => {
    expect(slotForAvailabilityId('2027-12-10T23:00:00-05:00', plan, NY)?.localDate).toBe('2027-12-10');
    expect(slotForAvailabilityId('2027-11-30T23:00:00-05:00', plan, NY)).toBeUndefined();
    expect(slotForAvailabilityId('2028-01-03T10:00:00-05:00', plan, NY)).toBeUndefined();
  });

  it('refuses ranges out of order, overlapping, or of another kind than the option’s schedule', () => {
    const bad = edited((c) => {
      mainDeck(c).datedSchedules = [
        { from: '2027-12-10', to: '2027-12-01', schedule: { from: '09:00', to: '10:00', everyMinutes: 30, durationMinutes: 30 } },
        { from: '2027-12-05', to: '2027-12-20', schedule: { openingHours: { from: '09:00', to: '22:00' } } },
      ];
    });
    const issues = catalogSchema.safeParse(bad).error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['products.0.options.0.datedSchedules.0', 'a date range ends on or after its first day'],
        ['products.0.options.0.datedSchedules', 'a dated schedule is timed, or opening hours, as the option’s own schedule is'],
      ]),
    );
  });
});

describe('the catalogue a manager saves', () => {
  it('accepts config/catalog.json as it is', () => {
    expect('document' in checkCatalog(catalogOfFile())).toBe(true);
  });

  it('names each problem at its field: a wrong price, overlapping dated prices, a repeated id', () => {
    const checked = checkCatalog(
      edited((c) => {
        const adult = mainDeck(c).units[0]!;
        adult.price = -1;
        adult.datedPrices = [
          { from: '2027-07-01', to: '2027-07-10', price: 5000 },
          { from: '2027-07-10', to: '2027-07-12', price: 5100 },
        ];
      }),
    );
    expect('issues' in checked && checked.issues).toEqual([
      { path: 'products.0.options.0.units.0.price', code: 'tooSmall', values: { min: 0 } },
      { path: 'products.0.options.0.units.0.datedPrices', code: 'rule', values: { rule: 'the dated prices of a unit share no day' } },
    ]);
    const twice = checkCatalog(edited((c) => (mainDeck(c).units[1]!.id = 'adult')));
    expect('issues' in twice && twice.issues).toEqual([{ path: 'products.0.options.0.units.1.id', code: 'duplicateId', values: { id: 'adult' } }]);
  });

  it('keeps texts per language, and refuses a language the site does not have', () => {
    const texts = edited((c) => (c.products[0]!.texts = { fr: { title: 'Terrasse' }, en: { title: 'Deck', shortDescription: 'High' } }));
    expect('document' in checkCatalog(texts)).toBe(true);
    const unknown = checkCatalog(edited((c) => (c.products[0]!.texts = { xx: { title: 'X' } } as never)));
    expect('issues' in unknown && unknown.issues[0]!.path).toBe('products.0.texts');
  });
});

describe('texts in a language, else the default one', () => {
  const texts = { en: { title: 'Main Deck', shortDescription: 'The 86th floor' }, fr: { title: 'Terrasse principale', shortDescription: '' } };

  it('reads the language’s own text, the default language’s when it is missing or empty, nothing when neither has one', () => {
    expect(textIn(texts, 'fr', (t) => t.title)).toBe('Terrasse principale');
    expect(textIn(texts, 'fr', (t) => t.shortDescription)).toBe('The 86th floor');
    expect(textIn(texts, 'ja', (t) => t.title)).toBe('Main Deck');
    expect(textIn<{ title?: string; description?: string }>(texts, 'fr', (t) => t.description)).toBeUndefined();
  });
});

describe('a versioned document in force', () => {
  it('is the file until the database’s version is loaded into the holder, then that version', () => {
    const name = 'unit-test-document';
    expect(currentDocument(name, () => 'file')).toBe('file');
    let reads = 0;
    Object.assign(documentHolder<string>(name), { loaded: { version: 3, document: 'v3' }, onRead: () => reads++ });
    expect(currentDocument(name, () => 'file')).toBe('v3');
    expect(reads).toBe(1);
  });
});
