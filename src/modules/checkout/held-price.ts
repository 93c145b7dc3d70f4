// The price a supplier put on a hold: the booking's total, or the sum of its unit items' prices when the
// supplier prices only those, or gives a total of 0 beside priced items (octomock, the official OCTO mock
// supplier, does). Null when it gave none (no octo/pricing, or a supplier that omits it); a total of 0 with
// no priced items stays 0, which checkout refuses as a price it cannot confirm.
import type { Booking } from '@octocloud/types';

export type HeldPrice = { amount: number; currency: string };

function unitItemsTotal(booking: Booking): HeldPrice | null {
  const prices = booking.unitItems.map((item) => item.pricing);
  if (prices.length === 0 || prices.some((p) => !p || !Number.isInteger(p.retail))) return null;
  const currency = prices[0]!.currency;
  if (prices.some((p) => p!.currency !== currency)) return null;
  return { amount: prices.reduce((sum, p) => sum + p!.retail, 0), currency };
}

export function heldPrice(booking: Booking): HeldPrice | null {
  const total = booking.pricing && Number.isInteger(booking.pricing.retail) ? { amount: booking.pricing.retail, currency: booking.pricing.currency } : null;
  if (total && total.amount > 0) return total;
  return unitItemsTotal(booking) ?? total;
}
