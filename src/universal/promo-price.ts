// Step 2 of decision 0038's combination rule (decision 0049): each ticket costs the better of its member
// price and its promo price, both counted from the list price, never both on one ticket. Pure and shared,
// so that the ticket page and the checkout count one price.
import { memberUnitPrice } from './member-price';
import type { WebOption } from './web-product';

export type PromoRule = { kind: 'percent' | 'amount'; value: number };

/** One ticket's price with the promo: a percentage rounded half up as member prices are, or an amount off, never below 0. */
export function promoUnitPrice(listPrice: number, rule: PromoRule): number {
  return rule.kind === 'percent' ? memberUnitPrice(listPrice, rule.value) : Math.max(0, listPrice - rule.value);
}

export type ChoicePrices = {
  /** Taken off by the member price, on the tickets where it won. */
  memberCents: number;
  /** Taken off by the promo code, on the tickets where it was strictly lower. */
  promoCents: number;
  /** What one ticket of a unit costs after this step (rewards take off what is left of it). */
  unitPrice: (unitId: string, listPrice: number) => number;
};

/** The member and promo discounts of a choice; `promo` null when there is none or it does not apply to the option. */
export function choicePrices(option: WebOption, quantities: Record<string, number>, percent: number, promo: PromoRule | null): ChoicePrices {
  const better = (list: number) => {
    const member = memberUnitPrice(list, percent);
    const promoted = promo ? promoUnitPrice(list, promo) : list;
    return promoted < member ? { price: promoted, member: 0, promo: list - promoted } : { price: member, member: list - member, promo: 0 };
  };
  const unitPrice = (_unitId: string, list: number) => better(list).price;
  // An option priced per booking is one ticket of the booking's price.
  if (option.pricingPer === 'BOOKING') {
    const list = Object.values(quantities).some((n) => n > 0) ? (option.bookingPrice ?? 0) : 0;
    const one = better(list);
    return { memberCents: one.member, promoCents: one.promo, unitPrice };
  }
  let memberCents = 0;
  let promoCents = 0;
  for (const unit of option.units) {
    const quantity = quantities[unit.id] ?? 0;
    if (unit.price === null || quantity <= 0) continue;
    const one = better(unit.price);
    memberCents += one.member * quantity;
    promoCents += one.promo * quantity;
  }
  return { memberCents, promoCents, unitPrice };
}
