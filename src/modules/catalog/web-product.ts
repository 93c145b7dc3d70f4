// What the ticket page needs of a product: the supplier's OCTO product, reduced and in one language.
// Prices come from the supplier, per unit or per booking; a price the supplier does not give is null,
// never a guessed 0, so such tickets show no price and cannot be bought (start-checkout.ts).
import type { Pricing } from '@octocloud/types';
import type { SupplierProduct } from '@/ports/supplier';

import type { WebOption, WebProduct } from '@/universal/web-product';

// The shape lives in universal/, where the browser may import it too; use cases import it from here.
export { selectionTotal, type WebOption, type WebProduct, type WebUnit } from '@/universal/web-product';

/** A product as the ticket page lists it, its lowest price written in the visitor's language by the
 * server: the page then shows the catalogue without starting Intl, whose first call costs a phone 30-60 ms
 * of main thread (docs/decisions/0022). */
export type ListedProduct = WebProduct & { fromPriceText: string | null };

/** The retail price in the product's currency, from a supplier's price list. */
function retail(list: Pricing[] | undefined, currency: string): number | null {
  return (list?.find((p) => p.currency === currency) ?? list?.[0])?.retail ?? null;
}

/** `maxTickets` is the website's own limit per booking (config/catalog.json), below the supplier's. */
export function toWebProduct(product: SupplierProduct, maxTickets = 99): WebProduct {
  const pricingPer = product.pricingPer === 'BOOKING' ? 'BOOKING' : 'UNIT';
  const firstPrice = product.options.flatMap((o) => [...(o.pricingFrom ?? []), ...o.units.flatMap((u) => u.pricingFrom ?? [])])[0];
  const currency = product.defaultCurrency ?? firstPrice?.currency ?? 'USD';
  const options: WebOption[] = product.options.map((option) => {
    const maxUnits = Math.min(option.restrictions?.maxUnits ?? 99, maxTickets);
    return {
      id: option.id,
      title: option.title,
      default: option.default,
      minUnits: option.restrictions?.minUnits ?? 1,
      maxUnits,
      durationMinutes: option.durationMinutesFrom ?? null,
      pricingPer,
      bookingPrice: pricingPer === 'BOOKING' ? retail(option.pricingFrom, currency) : null,
      units: option.units.map((unit) => ({
        id: unit.id,
        type: unit.type,
        title: unit.title,
        description: unit.shortDescription,
        minQuantity: unit.restrictions?.minQuantity ?? 0,
        maxQuantity: Math.min(unit.restrictions?.maxQuantity ?? maxUnits, maxUnits),
        price: pricingPer === 'UNIT' ? retail(unit.pricingFrom, currency) : null,
      })),
    };
  });
  const paying = options
    .flatMap((o) => (o.pricingPer === 'BOOKING' ? [o.bookingPrice] : o.units.map((u) => u.price)))
    .filter((p): p is number => p !== null && p > 0);
  return {
    id: product.id,
    title: product.title,
    shortDescription: product.shortDescription ?? '',
    description: product.description ?? '',
    image: product.coverImageUrl,
    currency,
    fromPrice: paying.length ? Math.min(...paying) : null,
    options,
  };
}

/** The product with one option's unit prices as a slot's availability gives them (`unitPricing`): the
 * prices of a visit on that slot's date (a dated price, decision 0055). Units the slot prices not keep theirs. */
export function withSlotPrices(product: WebProduct, optionId: string, unitPricing: { unitId?: string | null; retail: number; currency: string }[] | null | undefined): WebProduct {
  if (!unitPricing?.length) return product;
  const priced = new Map(unitPricing.filter((p) => p.currency === product.currency && Number.isInteger(p.retail)).map((p) => [p.unitId, p.retail]));
  return {
    ...product,
    options: product.options.map((o) =>
      o.id !== optionId || o.pricingPer !== 'UNIT' ? o : { ...o, units: o.units.map((u) => (priced.has(u.id) ? { ...u, price: priced.get(u.id)! } : u)) },
    ),
  };
}
