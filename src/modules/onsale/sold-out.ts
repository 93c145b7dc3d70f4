// The sold-out message reaches the queue as soon as the last place is held (decision 0056, 0061): after each
// hold (and each refusal for lack of places) through an on-sale, the places left in all it covers are read
// from the supplier; none left marks the on-sale sold out, and every buyer still waiting reads it at their
// next ask. What an on-sale covers: its product (or every product) on its day (or every day that can still be
// booked: today to the end of the booking window, where the supplier's calendar tells each day's places in
// one read per option). Each server reads for one on-sale at a time: a hold that ends while a read is under
// way has one more read after it, so the last hold is always followed by a read that sees it (for an on-sale
// of every day, at most one read a second).
import { and, eq, isNull } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentCatalog } from '@/config/catalog';
import type { SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { onsales } from '@/server/db/schema';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { processGlobal } from '@/universal/process-global';
import { forgetOnsale } from './onsale-reads';

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

type Checking = { running: Promise<boolean>; again: boolean };
const checking = processGlobal('onsale-sold-out-checks', () => new Map<string, Checking>());

/** An on-sale of every day is read over the whole booking window (a calendar read per option): at most once a
 * second per server, however many holds end meanwhile. */
export const EVERY_DAY_CHECK_MS = 1_000;

/** Marks the on-sale sold out when nothing it covers has a place left; answers whether it is sold out. */
export function markSoldOutIfGone(db: Database, supplier: SupplierPort, onsaleId: string, now: Date): Promise<boolean> {
  const underWay = checking.get(onsaleId);
  if (underWay) {
    // One read at a time: this hold is seen by one more read once the one under way is done.
    underWay.again = true;
    return underWay.running;
  }
  const entry: Checking = { again: false, running: Promise.resolve(false) };
  entry.running = (async () => {
    try {
      let started = Date.now();
      let checked = await checkOnce(db, supplier, onsaleId, now);
      while (entry.again && !checked.soldOut) {
        entry.again = false;
        // Durations on the real clock: pacing, not the shop's time.
        if (checked.everyDay) await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + EVERY_DAY_CHECK_MS - Date.now())));
        started = Date.now();
        checked = await checkOnce(db, supplier, onsaleId, now);
      }
      return checked.soldOut;
    } finally {
      checking.delete(onsaleId);
    }
  })();
  checking.set(onsaleId, entry);
  return entry.running;
}

async function checkOnce(db: Database, supplier: SupplierPort, onsaleId: string, now: Date): Promise<{ soldOut: boolean; everyDay: boolean }> {
  const [row] = await db.select().from(onsales).where(eq(onsales.id, onsaleId));
  if (!row || row.soldOutAt) return { soldOut: Boolean(row?.soldOutAt), everyDay: false };
  const everyDay = row.day === null;
  if (await placesLeftIn(supplier, row, now)) return { soldOut: false, everyDay };
  await db.update(onsales).set({ soldOutAt: now }).where(and(eq(onsales.id, onsaleId), isNull(onsales.soldOutAt)));
  // This server's answers say so at once; the others' within their copy's age (onsale-reads.ts).
  forgetOnsale(onsaleId);
  return { soldOut: true, everyDay };
}
