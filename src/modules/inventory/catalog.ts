// Our inventory's catalogue (products, options, units, closed days): the catalogue in force
// (currentCatalog(), the database's newest version: decision 0055) in the shapes the inventory and the local
// supplier read, built once per version. A manager's save is in force here as soon as currentCatalog()
// answers it: at once on the server that saved, within the recheck interval on the others.
import { ATTRACTION } from '@/config/attraction';
import { currentCatalog, maxUnitsOf, optionPlanOf, type CatalogConfig, type UnitConfig } from '@/config/catalog';

type ProductConfig = CatalogConfig['products'][number];
import { SupplierError } from '@/ports/supplier';
import type { SlotPlan } from './schedule';

export type UnitRow = {
  optionId: string;
  id: string;
  position: number;
  type: string;
  minAge: number;
  maxAge: number;
  minQuantity: number;
  maxQuantity: number;
  /** Retail price of one unit, in minor units of the product's currency, on a date no dated price covers. */
  price: number;
  datedPrices: NonNullable<UnitConfig['datedPrices']>;
};
export type OptionRow = SlotPlan & {
  id: string;
  productId: string;
  position: number;
  internalName: string;
  /** Title per language (decision 0055). */
  titles: Partial<Record<string, string>>;
  /** Local start times of the slots, "HH:mm" (on a date no dated schedule covers). */
  startTimes: string[];
  weekdays: number[] | null;
  durationMinutes: number;
  openingHours: { from: string; to: string } | null;
  capacity: number;
  minUnits: number;
  maxUnits: number;
  units: UnitRow[];
};
export type ProductRow = {
  id: string;
  position: number;
  internalName: string;
  image: string;
  currency: string;
  timeZone: string;
  /** Title and descriptions per language (decision 0055). */
  texts: NonNullable<ProductConfig['texts']>;
  options: OptionRow[];
};
export type Catalog = { products: ProductRow[]; closed: Set<string> };

const built = new WeakMap<CatalogConfig, Catalog>();

/** The catalogue document in the inventory's shapes. */
export function catalogOf(document: CatalogConfig): Catalog {
  let catalog = built.get(document);
  if (catalog) return catalog;
  catalog = {
    products: document.products.map((p, position) => ({
      id: p.id,
      position,
      internalName: p.internalName,
      image: p.image,
      texts: p.texts ?? {},
      currency: document.currency,
      timeZone: ATTRACTION.timeZone,
      options: p.options.map((o, optionPosition) => {
        // One maximum per booking for every channel: OCTO's options say and enforce the website's limit.
        const maxUnits = maxUnitsOf(p.id, o, document);
        return {
          id: o.id,
          productId: p.id,
          position: optionPosition,
          internalName: o.internalName,
          titles: o.titles ?? {},
          ...optionPlanOf(o),
          capacity: o.capacity,
          minUnits: o.restrictions.minUnits,
          maxUnits,
          units: o.units.map((u, unitPosition) => ({
            optionId: o.id,
            id: u.id,
            position: unitPosition,
            type: u.type,
            minAge: u.minAge,
            maxAge: u.maxAge,
            minQuantity: u.minQuantity,
            maxQuantity: Math.min(u.maxQuantity, maxUnits),
            price: u.price,
            datedPrices: u.datedPrices ?? [],
          })),
        };
      }),
    })),
    closed: new Set(document.closedDates),
  };
  built.set(document, catalog);
  return catalog;
}

/** The catalogue in force (from the database the server loaded it from: currentCatalog()). */
export async function loadCatalog(): Promise<Catalog> {
  return catalogOf(currentCatalog());
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
