// The add-ons the checkout step offers with a choice (decision 0050): price, the most per booking, and what is
// left for the chosen time. Sold with our own inventory only: with an external OCTO supplier, none.
import type { Database } from '@/server/db/client';
import { addonsLeftFor } from '../inventory/addon-stock';
import { z } from 'zod';

export const addonOfferRequest = z.strictObject({
  productId: z.string().trim().min(1).max(100),
  optionId: z.string().trim().min(1).max(100),
  availabilityId: z.string().trim().min(1).max(40),
});

export type AddonOffer = { id: string; price: number; maxPerBooking: number; left: number };

export async function addonOffer(db: Database, ownInventory: boolean, request: z.infer<typeof addonOfferRequest>, now: Date): Promise<{ addons: AddonOffer[] }> {
  if (!ownInventory) return { addons: [] };
  const offered = await addonsLeftFor(db, request, now);
  return { addons: offered.map(({ addon, left }) => ({ id: addon.id, price: addon.price, maxPerBooking: addon.maxPerBooking, left })) };
}
