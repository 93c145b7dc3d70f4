// The member price (decision 0038): a tier's discount taken off each unit price, rounded to the cent half
// up, per unit; the discount of a choice is the sum of its units' discounts. Pure and shared, so that the
// ticket page, the checkout and a booking change count one price.
import { selectionTotal, type WebOption } from './web-product';

/** One unit's price for a member with `percent` off, in minor units: list × (100 − percent) / 100, half up. */
export function memberUnitPrice(listPrice: number, percent: number): number {
  if (percent <= 0) return listPrice;
  // Integers only: floor((x + 50) / 100) rounds x / 100 half up for the non-negative x of a price.
  return Math.floor((listPrice * (100 - percent) + 50) / 100);
}

/** What the discount takes off the chosen quantities of an option (0 when priced per booking by a
 * supplier that gives no unit prices: then the booking's one price is discounted as one unit). */
export function memberDiscount(option: WebOption | undefined, quantities: Record<string, number>, percent: number): number {
  if (!option || percent <= 0) return 0;
  const list = selectionTotal(option, quantities);
  if (!list) return 0;
  if (option.pricingPer === 'BOOKING') return list - memberUnitPrice(list, percent);
  return option.units.reduce((sum, unit) => {
    const quantity = quantities[unit.id] ?? 0;
    return unit.price === null || quantity <= 0 ? sum : sum + (unit.price - memberUnitPrice(unit.price, percent)) * quantity;
  }, 0);
}

/** The option as a member with `extraTickets` may book it: the booking's and each unit's maximum raised,
 * as the website's inventory allows (start-checkout.ts passes the same number). */
export function withExtraTickets(option: WebOption, extraTickets: number): WebOption {
  if (extraTickets <= 0) return option;
  return { ...option, maxUnits: option.maxUnits + extraTickets, units: option.units.map((u) => ({ ...u, maxQuantity: u.maxQuantity + extraTickets })) };
}
