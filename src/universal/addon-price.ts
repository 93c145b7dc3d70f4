// Add-ons (decision 0050): which are offered with a product's option, and what a choice of them costs. Pure
// and shared, so that the checkout step and the server count one price. Add-ons are sold at their list
// price: member prices, promo codes and rewards apply to tickets only; a gift card pays for them too.
import type { AddonConfig } from '@/config/catalog';

export type AddonLine = { addonId: string; quantity: number; unitPrice: number };

/** The add-ons offered with `optionId` of `productId`, in the catalogue's order. */
export function addonsOffered(addons: readonly AddonConfig[], productId: string, optionId: string): AddonConfig[] {
  return addons.filter((addon) => addon.appliesTo.some((t) => t.productId === productId && (!t.optionIds || t.optionIds.includes(optionId))));
}

export type AddonChoiceProblem = { kind: 'unknown'; addonId: string } | { kind: 'tooMany'; addonId: string; max: number };

/** The order's add-on lines for a choice (quantities by add-on id; zeros dropped), or the first problem:
 * an add-on not offered with this option, or more than its maximum per booking. */
export function addonLines(offered: readonly AddonConfig[], chosen: Record<string, number>): { lines: AddonLine[]; cents: number } | { problem: AddonChoiceProblem } {
  const lines: AddonLine[] = [];
  for (const [addonId, quantity] of Object.entries(chosen)) {
    if (quantity <= 0) continue;
    const addon = offered.find((a) => a.id === addonId);
    if (!addon) return { problem: { kind: 'unknown', addonId } };
    if (quantity > addon.maxPerBooking) return { problem: { kind: 'tooMany', addonId, max: addon.maxPerBooking } };
    lines.push({ addonId, quantity, unitPrice: addon.price });
  }
  // The catalogue's order, whatever the order of the request.
  lines.sort((a, b) => offered.findIndex((o) => o.id === a.addonId) - offered.findIndex((o) => o.id === b.addonId));
  return { lines, cents: addonCents(lines) };
}

export function addonCents(lines: readonly AddonLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
}

/** The stock an add-on is taken from for a visit: its slot's start, or the visit's local date. */
export function addonStockKey(addon: Pick<AddonConfig, 'stock'>, slot: { start: Date; localDate: string }): string {
  return addon.stock.per === 'slot' ? `slot:${slot.start.toISOString()}` : `day:${slot.localDate}`;
}
