// The price a supplier put on a hold: the booking's total, or the sum of its unit items' prices when the
// supplier prices only those. Null when it gave none (no octo/pricing, or a supplier that omits it).
import type { Booking } from '@octocloud/types';

export type HeldPrice = { amount: number; currency: string };

export function heldPrice(booking: Booking): HeldPrice | null {
  if (booking.pricing && Number.isInteger(booking.pricing.retail)) {
    return { amount: booking.pricing.retail, currency: booking.pricing.currency };
  }
  const prices = booking.unitItems.map((item) => item.pricing);
  if (prices.length === 0 || prices.some((p) => !p || !Number.isInteger(p.retail))) return null;
  const currency = prices[0]!.currency;
  if (prices.some((p) => p!.currency !== currency)) return null;
  return { amount: prices.reduce((sum, p) => sum + p!.retail, 0), currency };
}
