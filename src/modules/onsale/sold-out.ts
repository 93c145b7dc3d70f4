// The sold-out message reaches the queue as soon as the last place is held (decision 0056): after each hold
// (and each refusal for lack of places) under an on-sale of one product and one day, the day's places left are
// read from the supplier; none left marks the on-sale sold out, and every buyer still waiting reads it at their
// next ask.
import { and, eq, isNull } from 'drizzle-orm';
import type { SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { onsales } from '@/server/db/schema';

/** Whether any slot of `productId` on `day` still has a place. */
export async function placesLeftOn(supplier: SupplierPort, productId: string, day: string): Promise<boolean> {
  const product = await supplier.getProduct(productId, 'en');
  for (const option of product.options) {
    const slots = await supplier.availability({ productId, optionId: option.id, localDate: day });
    if (slots.some((slot) => slot.available && (slot.vacancies ?? 0) > 0)) return true;
  }
  return false;
}

/** Marks the on-sale sold out when its product has no place left on its day (an on-sale of every product or
 * every day is not: another product or day may still have places). */
export async function markSoldOutIfGone(db: Database, supplier: SupplierPort, onsaleId: string, now: Date): Promise<boolean> {
  const [row] = await db.select().from(onsales).where(eq(onsales.id, onsaleId));
  if (!row?.productId || !row.day || row.soldOutAt) return Boolean(row?.soldOutAt);
  if (await placesLeftOn(supplier, row.productId, row.day)) return false;
  await db.update(onsales).set({ soldOutAt: now }).where(and(eq(onsales.id, onsaleId), isNull(onsales.soldOutAt)));
  return true;
}
