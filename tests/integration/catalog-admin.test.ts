// The catalogue edited by managers (issue #27 deliverable 1, decision 0055), in process on PGlite and
// PostgreSQL: the database's first version is config/catalog.json with the locale files' texts; a manager's
// edit is the next version, audited, in force at once on this server and, through the database, on another
// within CATALOG_RECHECK_MS; a price change for a future date range leaves paid bookings unchanged and shows
// the new price on /products; a schedule change is seen by a second server; an invalid edit saves nothing.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogOfFile, currentCatalog, type CatalogConfig } from '@/config/catalog';
import { catalogDocument, CATALOG_RECHECK_MS } from '@/modules/catalog/catalog-document';
import { listProducts } from '@/modules/catalog/list-products';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { serverNow } from '@/server/clock';
import { auditLog, catalogVersions, orders, payments } from '@/server/db/schema';
import { addLocalDays } from '@/universal/local-date';
import { embeddedCheckoutDeps, signedUpMember, TEST_CARD, TEST_MANAGER as MANAGER } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { auditLineCount, newestVersionRow, useDocumentDatabases } from '../support/versioned-document';
import { openDay } from './supplier-scenarios';


/** The catalogue in force with the Main Deck's option changed. */
function withMainDeck(change: (option: CatalogConfig['products'][number]['options'][number]) => void): CatalogConfig {
  const catalog = structuredClone(currentCatalog());
  change(catalog.products.find((p) => p.id === 'main-deck')!.options[0]!);
  return catalog;
}

describe.each(TEST_BACKENDS)('the catalogue edited by managers on $name', ({ adminUrl }) => {
  const docs = useDocumentDatabases(adminUrl, catalogDocument);

  const newest = () => newestVersionRow(docs.db, catalogVersions);
  const auditLines = () => auditLineCount(docs.db, 'catalog.edit');
  const save = async (document: unknown, reason = 'a change') => catalogDocument.save(docs.db, { document, baseVersion: (await newest()).version, reason, by: MANAGER }, serverNow());

  it('starts from config/catalog.json, with each product’s texts in every language, as version 1 in force', async () => {
    const history = await catalogDocument.history(docs.db);
    expect(history.at(-1)).toMatchObject({ version: 1, editedBy: null, reason: 'config/catalog.json' });
    const catalog = currentCatalog();
    expect(catalog.products.map((p) => p.id)).toEqual(catalogOfFile().products.map((p) => p.id));
    expect(catalog.products[0]!.texts?.fr?.title).toBeTruthy();
    expect(catalog.products[0]!.texts?.ja?.description).toBeTruthy();
    expect(catalog.products[0]!.options[0]!.titles?.de).toBeTruthy();
  });

  it('a price change for a future date range leaves paid bookings unchanged and shows the new price on /products', async () => {
    const deps = embeddedCheckoutDeps(docs.db, serverNow);
    const member = await signedUpMember(docs.db, 'holiday', 'en');
    const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', 40, 4);
    const slotsOf = (date: string) => deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: date, localDateEnd: date });
    const adultPrice = async (date: string) => (await slotsOf(date))[0]!.unitPricing!.find((p) => p.unitId === 'adult')!.retail;
    const buy = async () => {
      const selectedTime = (await slotsOf(day)).find((s) => s.available)!.id;
      const checkout = await startCheckout(deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime }, 'en');
      await deps.gateway.pay(checkout.paymentSession.id, TEST_CARD);
      await completeCheckout(deps, checkout.paymentSession.id);
      const [order] = await docs.db.select().from(orders).where(eq(orders.bookingUuid, checkout.bookingId));
      return order!;
    };
    const paid = await buy();
    expect(paid).toMatchObject({ total: 2 * 4400, status: 'CONFIRMED' });

    // A new price from now on, and a holiday price set ahead for three days from the paid visit's date.
    const saved = await save(
      withMainDeck((o) => {
        const adult = o.units.find((u) => u.id === 'adult')!;
        adult.price = 4600;
        adult.datedPrices = [{ from: day, to: addLocalDays(day, 2), price: 5200 }];
      }),
      'summer prices',
    );
    expect(saved.saved).toBe(true);

    const [again] = await docs.db.select().from(orders).where(eq(orders.id, paid.id));
    const [payment] = await docs.db.select().from(payments).where(eq(payments.id, paid.paymentId));
    expect(again).toMatchObject({ total: 2 * 4400, status: 'CONFIRMED' });
    expect(payment!.amount).toBe(2 * 4400);
    // /products lists the new price at once (its memory is per version of the catalogue).
    const listed = await listProducts(deps.supplier, 'en');
    expect(listed.find((p) => p.id === 'main-deck')!.options[0]!.units.find((u) => u.id === 'adult')!.price).toBe(4600);
    // A visit is priced by its date: the holiday price inside the range, the new price after it.
    expect(await adultPrice(day)).toBe(5200);
    expect(await adultPrice(addLocalDays(day, 3))).toBe(4600);
    expect(await buy()).toMatchObject({ total: 2 * 5200, status: 'CONFIRMED' });
  });

  it('a schedule change is seen by a second server at once (within CATALOG_RECHECK_MS), and by a server that starts', async () => {
    const latest = await newest();
    const lateDay = addLocalDays('2027-05-12', 60);
    const lateSlot = (date: string) => `${date}T23:00:00-04:00`;
    const supplier = embeddedCheckoutDeps(docs.db, serverNow).supplier;
    const slotIds = async (date: string) =>
      (await supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: date, localDateEnd: date })).map((s) => s.id);
    expect(await slotIds(lateDay)).not.toContain(lateSlot(lateDay));
    // Another server saved a late-night slot for two days: a version this process was not told about.
    const document = withMainDeck((o) => {
      o.datedSchedules = [{ from: lateDay, to: addLocalDays(lateDay, 1), schedule: { from: '09:00', to: '23:00', everyMinutes: 30, durationMinutes: 60 } }];
    });
    await docs.otherDb.insert(catalogVersions).values({ version: latest.version + 1, document, editedBy: 'other@staff.example', reason: 'late nights', createdAt: serverNow() });
    expect(currentCatalog().products[0]!.options[0]!.datedSchedules).toBeUndefined();
    docs.tick += CATALOG_RECHECK_MS;
    currentCatalog();
    await catalogDocument.checked();
    expect(currentCatalog().products[0]!.options[0]!.datedSchedules).toHaveLength(1);
    expect(await slotIds(lateDay)).toContain(lateSlot(lateDay));
    expect(await slotIds(addLocalDays(lateDay, 2))).not.toContain(lateSlot(addLocalDays(lateDay, 2)));
    // A server that starts now loads it too.
    expect((await catalogDocument.load(docs.otherDb, docs.clock)).version).toBe(latest.version + 1);
    if (docs.postgres) await catalogDocument.load(docs.db, docs.clock);
  });

  it('saves a manager’s edit with its audit line, and refuses an invalid or stale one field by field, saving nothing', async () => {
    const latest = await newest();
    const before = await auditLines();
    const translated = structuredClone(currentCatalog());
    translated.products[0]!.texts = { ...translated.products[0]!.texts, fr: { title: 'Terrasse principale' } };
    expect(await save(translated, 'French name')).toEqual({ saved: true, version: latest.version + 1 });
    expect(await auditLines()).toBe(before + 1);
    const [line] = await docs.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.edit')).orderBy(desc(auditLog.at)).limit(1);
    expect(line).toMatchObject({ actorKind: 'staff', actorEmail: MANAGER.email, target: `catalog v${latest.version + 1}` });
    // The local supplier answers the French name, and the default language's descriptions where French has none.
    const [product] = await embeddedCheckoutDeps(docs.db, serverNow).supplier.getProducts('fr');
    expect(product!.title).toBe('Terrasse principale');
    expect(product!.shortDescription).toBe(currentCatalog().products[0]!.texts!.en!.shortDescription);

    const broken = withMainDeck((o) => {
      o.capacity = 0;
      o.units[0]!.datedPrices = [
        { from: '2027-07-01', to: '2027-07-10', price: 5000 },
        { from: '2027-07-05', to: '2027-07-20', price: 5100 },
      ];
      o.datedSchedules = [{ from: '2027-08-02', to: '2027-08-01', schedule: { from: '09:00', to: '10:00', everyMinutes: 30, durationMinutes: 60 } }];
    });
    const refused = await save(broken);
    expect(refused.saved ? [] : refused.issues).toEqual(
      expect.arrayContaining([
        { path: 'products.0.options.0.capacity', code: 'tooSmall', values: { min: 1 } },
        { path: 'products.0.options.0.units.0.datedPrices', code: 'rule', values: { rule: 'the dated prices of a unit share no day' } },
        { path: 'products.0.options.0.datedSchedules.0', code: 'rule', values: { rule: 'a date range ends on or after its first day' } },
      ]),
    );
    const twice = structuredClone(currentCatalog());
    // An option no add-on names by id (the fast-track names the Top Deck's options: decision 0050).
    twice.products[2]!.options[0]!.id = 'main-deck-day';
    const duplicate = await save(twice);
    expect(duplicate.saved ? [] : duplicate.issues).toEqual([{ path: 'products.2.options.0.id', code: 'duplicateId', values: { id: 'main-deck-day' } }]);
    const noReason = await save(currentCatalog(), ' ');
    expect(noReason.saved ? [] : noReason.issues).toEqual([{ path: 'reason', code: 'required', values: {} }]);
    await expect(catalogDocument.save(docs.db, { document: currentCatalog(), baseVersion: latest.version, reason: 'stale', by: MANAGER }, serverNow())).rejects.toMatchObject({
      code: 'CATALOG_CHANGED',
      status: 409,
    });
    expect((await newest()).version).toBe(latest.version + 1);
    expect(await auditLines()).toBe(before + 1);
  });
});
