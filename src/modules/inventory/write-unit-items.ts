// A booking's unit items (its tickets), written anew: an item sent with the uuid of one it has keeps
// that item and its ticket reference.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { priceOn } from '@/config/catalog';
import type { Database } from '@/server/db/client';
import { bookingUnitItems } from '@/server/db/schema';
import type { UnitItemInput } from '@/ports/supplier';
import type { UnitItemRow } from './booking-row';
import type { OptionRow } from './catalog';
import { newReference } from './references';

/** Replaces the items of `bookingId`, priced for a visit on `localDate` (its unit's dated price covering
 * that day, else its price: decision 0055); returns their total price. */
export async function writeUnitItems(tx: Database, bookingId: string, option: OptionRow, localDate: string, items: UnitItemInput[], kept: UnitItemRow[] = []): Promise<number> {
  const prices = new Map(option.units.map((u) => [u.id, priceOn(u, localDate)]));
  const previous = new Map(kept.map((k) => [k.uuid, k]));
  await tx.delete(bookingUnitItems).where(eq(bookingUnitItems.bookingId, bookingId));
  await tx.insert(bookingUnitItems).values(
    items.map((item, position) => {
      const same = item.uuid ? previous.get(item.uuid) : undefined;
      previous.delete(item.uuid ?? '');
      return {
        uuid: same?.uuid ?? crypto.randomUUID(),
        bookingId,
        position,
        unitId: item.unitId,
        resellerReference: item.resellerReference ?? same?.resellerReference ?? null,
        supplierReference: same?.supplierReference ?? newReference('TKT', 8),
        price: prices.get(item.unitId) ?? 0,
      };
    }),
  );
  return items.reduce((sum, item) => sum + (prices.get(item.unitId) ?? 0), 0);
}
