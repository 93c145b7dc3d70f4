// The seed of the configured attraction and its catalogue. Idempotent: it runs on every start. The
// catalogue in force is the versioned document (catalog_versions, decision 0055: seeded from the file once,
// then edited by managers); the products, options, units and closed-days tables below are the file's
// projection, kept for what refers to them, and no longer read by the inventory.
import { sql } from 'drizzle-orm';
import { ATTRACTION } from '@/config/attraction';
import { CATALOG, maxUnitsOf, slotPlanOf } from '@/config/catalog';
import type { Database } from './database';
import { attractions, closedDates, productOptions, products, units } from './schema';
import { seedCatalog } from './seed-catalog';
import { seedProgram } from './seed-program';
import { serverNow } from '../clock';

const excluded = (column: string) => sql.raw(`excluded.${column}`);

export async function seed(db: Database): Promise<void> {
  const { slug, name, brand, timeZone, currency } = ATTRACTION;
  await db.transaction(async (tx) => {
    await tx
      .insert(attractions)
      .values({ slug, name, brand, timeZone, currency })
      .onConflictDoUpdate({ target: attractions.slug, set: { name, brand, timeZone, currency } });

    await tx
      .insert(products)
      .values(
        CATALOG.products.map((p, position) => ({
          id: p.id,
          position,
          internalName: p.internalName,
          image: p.image,
          currency: CATALOG.currency,
          timeZone,
        })),
      )
      .onConflictDoUpdate({
        target: products.id,
        set: {
          position: excluded('position'),
          internalName: excluded('internal_name'),
          image: excluded('image'),
          currency: excluded('currency'),
          timeZone: excluded('time_zone'),
        },
      });

    const options = CATALOG.products.flatMap((p) =>
      p.options.map((o, position) => ({
        id: o.id,
        productId: p.id,
        position,
        internalName: o.internalName,
        ...slotPlanOf(o.schedule),
        weekdays: o.schedule.weekdays ?? null,
        capacity: o.capacity,
        minUnits: o.restrictions.minUnits,
        // One maximum per booking for every channel: OCTO's options say and enforce the website's limit.
        maxUnits: maxUnitsOf(p.id, o),
      })),
    );
    await tx
      .insert(productOptions)
      .values(options)
      .onConflictDoUpdate({
        target: productOptions.id,
        set: Object.fromEntries(
          ['product_id', 'position', 'internal_name', 'start_times', 'weekdays', 'duration_minutes', 'opening_hours', 'capacity', 'min_units', 'max_units'].map(
            (c) => [c.replace(/_(\w)/g, (_, l: string) => l.toUpperCase()), excluded(c)],
          ),
        ),
      });

    const unitRows = CATALOG.products.flatMap((p) =>
      p.options.flatMap((o) => o.units.map((u, position) => ({ ...u, maxQuantity: Math.min(u.maxQuantity, maxUnitsOf(p.id, o)), optionId: o.id, position }))),
    );
    await tx
      .insert(units)
      .values(unitRows)
      .onConflictDoUpdate({
        target: [units.optionId, units.id],
        set: Object.fromEntries(
          ['position', 'type', 'min_age', 'max_age', 'min_quantity', 'max_quantity', 'price'].map((c) => [
            c.replace(/_(\w)/g, (_, l: string) => l.toUpperCase()),
            excluded(c),
          ]),
        ),
      });

    if (CATALOG.closedDates.length > 0) {
      await tx
        .insert(closedDates)
        .values(CATALOG.closedDates.map((localDate) => ({ localDate })))
        .onConflictDoNothing();
    }
  });
  await seedCatalog(db, serverNow());
  await seedProgram(db, serverNow());
}
