// Our inventory's catalogue (products, options, units, closed days), read from the database once per
// process: it changes only when the seed runs at start-up, so availability and product requests do not
// query it each time.
import { asc } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { closedDates, productOptions, products, units } from '@/server/db/schema';
import { SupplierError } from '@/ports/supplier';

export type UnitRow = typeof units.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect & { units: UnitRow[] };
export type ProductRow = typeof products.$inferSelect & { options: OptionRow[] };
export type Catalog = { products: ProductRow[]; closed: Set<string> };

const cache = new WeakMap<Database, Promise<Catalog>>();

async function load(db: Database): Promise<Catalog> {
  const [productRows, optionRows, unitRows, closedRows] = await Promise.all([
    db.select().from(products).orderBy(asc(products.position)),
    db.select().from(productOptions).orderBy(asc(productOptions.position)),
    db.select().from(units).orderBy(asc(units.position)),
    db.select().from(closedDates),
  ]);
  return {
    products: productRows.map((p) => ({
      ...p,
      options: optionRows
        .filter((o) => o.productId === p.id)
        .map((o) => ({ ...o, units: unitRows.filter((u) => u.optionId === o.id) })),
    })),
    closed: new Set(closedRows.map((r) => r.localDate)),
  };
}

export function loadCatalog(db: Database): Promise<Catalog> {
  let catalog = cache.get(db);
  if (!catalog) {
    catalog = load(db).catch((error: unknown) => {
      cache.delete(db);
      throw error;
    });
    cache.set(db, catalog);
  }
  return catalog;
}

export function findProduct(catalog: Catalog, productId: unknown): ProductRow {
  const product = catalog.products.find((p) => p.id === productId);
  if (!product) throw new SupplierError('INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId: String(productId ?? '') });
  return product;
}

export function findOption(product: ProductRow, optionId: unknown): OptionRow {
  const option = product.options.find((o) => o.id === optionId);
  if (!option) throw new SupplierError('INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId: String(optionId ?? '') });
  return option;
}

export function findUnit(option: OptionRow, unitId: unknown): UnitRow {
  const unit = option.units.find((u) => u.id === unitId);
  if (!unit) throw new SupplierError('INVALID_UNIT_ID', 'The unitId was missing or invalid', { unitId: String(unitId ?? '') });
  return unit;
}
