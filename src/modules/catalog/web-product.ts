// What the ticket page needs of a product: the supplier's OCTO product, reduced and in one language.
import type { SupplierProduct } from '@/ports/supplier';

export type WebUnit = {
  id: string;
  type: string;
  title: string;
  description: string;
  minQuantity: number;
  maxQuantity: number;
  /** In minor units of the product's currency. */
  price: number;
};

export type WebOption = {
  id: string;
  title: string;
  default: boolean;
  minUnits: number;
  maxUnits: number;
  durationMinutes: number | null;
  units: WebUnit[];
};

export type WebProduct = {
  id: string;
  title: string;
  shortDescription: string;
  description: string;
  image: string;
  currency: string;
  /** The lowest price of a paying unit, in minor units. */
  fromPrice: number;
  options: WebOption[];
};

/** `maxTickets` is the website's own limit per booking (config/catalog.json), below the supplier's. */
export function toWebProduct(product: SupplierProduct, maxTickets = 99): WebProduct {
  const options = product.options.map((option) => {
    const maxUnits = Math.min(option.restrictions.maxUnits ?? 99, maxTickets);
    return {
      id: option.id,
      title: option.title,
      default: option.default,
      minUnits: option.restrictions.minUnits ?? 1,
      maxUnits,
      durationMinutes: option.durationMinutesFrom ?? null,
      units: option.units.map((unit) => ({
        id: unit.id,
        type: unit.type,
        title: unit.title,
        description: unit.shortDescription,
        minQuantity: unit.restrictions.minQuantity ?? 0,
        maxQuantity: Math.min(unit.restrictions.maxQuantity ?? maxUnits, maxUnits),
        price: unit.pricingFrom[0]?.retail ?? 0,
      })),
    };
  });
  const paying = options.flatMap((o) => o.units.map((u) => u.price)).filter((p) => p > 0);
  return {
    id: product.id,
    title: product.title,
    shortDescription: product.shortDescription ?? '',
    description: product.description ?? '',
    image: product.coverImageUrl,
    currency: product.defaultCurrency ?? 'USD',
    fromPrice: paying.length ? Math.min(...paying) : 0,
    options,
  };
}

/** The price of the chosen quantities of an option's units, in minor units. */
export function selectionTotal(option: WebOption | undefined, quantities: Record<string, number>): number {
  return (option?.units ?? []).reduce((sum, unit) => sum + unit.price * (quantities[unit.id] ?? 0), 0);
}
