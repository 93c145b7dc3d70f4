// A booking's unit items (its tickets) and their price: written for a new hold, or anew for an amended booking,
// where an item sent with the uuid of one it has keeps that item and its ticket reference.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { priceOn } from '@/config/catalog';
import type { Database } from '@/server/db/client';
import { bookingUnitItems } from '@/server/db/schema';
import type { UnitItemInput } from '@/ports/supplier';
import type { UnitItemRow } from './booking-row';
import type { OptionRow } from './catalog';
import { newReference } from './references';

/** The items' total price for a visit on `localDate`: each unit's dated price covering that day, else its price
 * (decision 0055). */
export function unitItemsTotal(option: OptionRow, localDate: string, items: Pick<UnitItemInput, 'unitId'>[]): number {
  const prices = unitPrices(option, localDate);
  return items.reduce((sum, item) => sum + (prices.get(item.unitId) ?? 0), 0);
}

/** Writes the items of a booking that has none yet (a new hold: nothing to delete first), priced for a visit on
 * `localDate`; `kept`: items an earlier version had, whose uuid and ticket reference an item may keep. */
export async function insertUnitItems(tx: Database, bookingId: string, option: OptionRow, localDate: string, items: UnitItemInput[], kept: UnitItemRow[] = []): Promise<void> {
  const prices = unitPrices(option, localDate);
  const previous = new Map(kept.map((k) => [k.uuid, k]));
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
}

/** Replaces the items of `bookingId` (an amended booking), priced for a visit on `localDate`; returns their total
 * price. */
export async function writeUnitItems(tx: Database, bookingId: string, option: OptionRow, localDate: string, items: UnitItemInput[], kept: UnitItemRow[] = []): Promise<number> {
  await tx.delete(bookingUnitItems).where(eq(bookingUnitItems.bookingId, bookingId));
  await insertUnitItems(tx, bookingId, option, localDate, items, kept);
  return unitItemsTotal(option, localDate, items);
}

function unitPrices(option: OptionRow, localDate: string): Map<string, number> {
  return new Map(option.units.map((u) => [u.id, priceOn(u, localDate)]));
}
