// The sold-out message reaches the queue as soon as the last place is held (decisions 0056, 0061, 0066): each
// hold through an on-sale (in its transaction) and each refusal for lack of places asks the job runner for a
// read of the places left in all the on-sale covers; none left marks it sold out, and every buyer still
// waiting reads it at their next ask. What an on-sale covers: its product (or every product) on its day (or
// every day that can still be booked: today to the end of the booking window, where the supplier's calendar
// tells each day's places in one read per option).
import { and, eq, isNull } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentCatalog } from '@/config/catalog';
import type { SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { onsales } from '@/server/db/schema';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { enqueue } from '../jobs/enqueue';
import type { JobHandlers } from '../jobs/run-due-jobs';
import { forgetOnsale } from './onsale-reads';
import type { OnsaleRow } from './onsale-row';

/** What an on-sale covers: a product or every product (null), a day or every day (null). */
export type Covered = { productId: string | null; day: string | null };

/** Whether any place is left in what the on-sale covers, at `now`. */
export async function placesLeftIn(supplier: SupplierPort, covered: Covered, now: Date): Promise<boolean> {
  const productIds = covered.productId ? [covered.productId] : (await supplier.getProducts('en')).map((p) => p.id);
  const today = todayIn(TIME_ZONE, now);
  for (const productId of productIds) {
    const product = await supplier.getProduct(productId, 'en');
    for (const option of product.options) {
      if (covered.day) {
        const slots = await supplier.availability({ productId, optionId: option.id, localDate: covered.day });
        if (slots.some((slot) => slot.available && (slot.vacancies ?? 0) > 0)) return true;
      } else {
        const days = await supplier.availabilityCalendar({ productId, optionId: option.id, localDateStart: today, localDateEnd: addLocalDays(today, currentCatalog().bookingWindowDays) });
        if (days.some((day) => day.available && (day.vacancies ?? 0) > 0)) return true;
      }
    }
  }
  return false;
}

/** An on-sale of every day is read over the whole booking window (a calendar read per option): at most once a
 * second, however many holds end meanwhile (a pending read takes in the holds after it: coalesced). */
export const EVERY_DAY_CHECK_MS = 1_000;

/** Asks for a read of the places left in what `onsale` covers, after a hold through it (with the hold's
 * transaction) or a refusal for lack of places: an `onsale.sold-out` job, due now (in a second for an on-sale
 * of every day). One pending read per on-sale takes in every hold before it runs; its lane runs one read at a
 * time, so a hold that commits while a read is under way gets a read after it, and the last hold is always
 * followed by a read that sees it. */
export async function askSoldOutCheck(db: Database, onsale: Pick<OnsaleRow, 'id' | 'day'>, now: Date): Promise<void> {
  await enqueue(db, 'onsale.sold-out', { onsaleId: onsale.id }, {
    coalesceKey: `onsale.sold-out:${onsale.id}`,
    runAt: onsale.day === null ? new Date(now.getTime() + EVERY_DAY_CHECK_MS) : now,
  });
}

/** The runner's handler (src/wiring/jobs.ts): marks the on-sale sold out when nothing it covers has a place left. */
export function soldOutJobHandlers(db: Database, supplier: SupplierPort): Pick<JobHandlers, 'onsale.sold-out'> {
  return {
    'onsale.sold-out': (check, job) => markSoldOutIfGone(db, supplier, check.onsaleId, job.now),
  };
}

/** Marks the on-sale sold out when nothing it covers has a place left at `now`. */
async function markSoldOutIfGone(db: Database, supplier: SupplierPort, onsaleId: string, now: Date): Promise<void> {
  const [row] = await db.select().from(onsales).where(eq(onsales.id, onsaleId));
  if (!row || row.soldOutAt) return;
  if (await placesLeftIn(supplier, row, now)) return;
  await db.update(onsales).set({ soldOutAt: now }).where(and(eq(onsales.id, onsaleId), isNull(onsales.soldOutAt)));
  // This server's answers say so at once; the others' within their copy's age (onsale-reads.ts).
  forgetOnsale(onsaleId);
}
