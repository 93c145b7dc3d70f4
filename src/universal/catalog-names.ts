// Product, option and ticket names in the reader's language, from the catalogue's translations
// (locales/*/catalog.json), for the browser and the server alike. An order keeps the names it was booked
// with (in the language of that checkout): they are shown only for what the catalogue does not know,
// another supplier's products (OCTO_BASE_URL), whose names we cannot translate (docs/decisions/0047).

/** A translator of the catalog namespace: the page's t (with "catalog:" keys) or the server's. */
export type NameLookup = (key: string, options: { defaultValue: string }) => string;

export const productTitleIn = (lookup: NameLookup, key: (k: string) => string, productId: string, stored?: string) =>
  lookup(key(`products.${productId}.title`), { defaultValue: stored ?? productId });
export const optionTitleIn = (lookup: NameLookup, key: (k: string) => string, optionId: string, stored?: string) =>
  lookup(key(`options.${optionId}.title`), { defaultValue: stored ?? optionId });
/** Units are named by their type (ADULT, CHILD…), which the demo catalogue's unit ids spell in lower case. */
export const unitNameIn = (lookup: NameLookup, key: (k: string) => string, unitId: string, stored?: string) =>
  lookup(key(`units.${unitId.toUpperCase()}`), { defaultValue: stored ?? unitId });

type NamedOrder = {
  productId: string;
  optionId: string;
  productTitle: string;
  optionTitle: string;
  lines: { unitId: string; title: string }[];
};

/** The order with its names in the lookup's language; everything else as it was. */
export function withNamesIn<T extends NamedOrder>(lookup: NameLookup, key: (k: string) => string, order: T): T {
  return {
    ...order,
    productTitle: productTitleIn(lookup, key, order.productId, order.productTitle),
    optionTitle: optionTitleIn(lookup, key, order.optionId, order.optionTitle),
    lines: order.lines.map((line) => ({ ...line, title: unitNameIn(lookup, key, line.unitId, line.title) })),
  };
}
