// The member's places in line: for each slot they wait for, their position, or the offer to pay for and
// until when.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Locale } from '@/config/locales';
import type { SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { orders, waitlistEntries } from '@/server/db/schema';
import { placeInLine } from './place-in-line';
import { serverNow } from '@/server/clock';

export type WaitlistPlace = {
  id: string;
  productTitle: string;
  optionTitle: string;
  availabilityId: string;
  quantities: Record<string, number>;
  places: number;
  status: 'WAITING' | 'OFFERED';
  /** WAITING: the place in line (1 is next). */
  position?: number;
  /** OFFERED: the booking held for the member, and when the offer ends. */
  bookingId?: string;
  offerExpiresAt?: string;
};

export async function memberWaitlist(deps: { db: Database; supplier: SupplierPort; now?: () => Date }, userId: string, locale: Locale): Promise<WaitlistPlace[]> {
  const at = deps.now?.() ?? serverNow();
  const rows = await deps.db
    .select({ entry: waitlistEntries, bookingUuid: orders.bookingUuid, orderStatus: orders.status, holdExpiresAt: orders.holdExpiresAt })
    .from(waitlistEntries)
    .leftJoin(orders, eq(orders.id, waitlistEntries.orderId))
    .where(and(eq(waitlistEntries.userId, userId), inArray(waitlistEntries.status, ['WAITING', 'OFFERED']), gt(waitlistEntries.slotStart, at)))
    .orderBy(asc(waitlistEntries.slotStart));
  const titles = new Map<string, { product: string; options: Map<string, string> }>();
  for (const productId of new Set(rows.map((r) => r.entry.productId))) {
    const product = await deps.supplier.getProduct(productId, locale).catch(() => undefined);
    if (product) titles.set(productId, { product: product.title, options: new Map(product.options.map((o) => [o.id, o.title])) });
  }
  const places: WaitlistPlace[] = [];
  for (const { entry, bookingUuid, orderStatus, holdExpiresAt } of rows) {
    const title = titles.get(entry.productId);
    const base = {
      id: entry.id,
      productTitle: title?.product ?? entry.productId,
      optionTitle: title?.options.get(entry.optionId) ?? entry.optionId,
      availabilityId: entry.availabilityId,
      quantities: entry.quantities,
      places: entry.places,
    };
    if (entry.status === 'WAITING') places.push({ ...base, status: 'WAITING', position: await placeInLine(deps.db, entry) });
    // An offer still open: not paid, not run out (one run out is settled when its payment closes: decision 0032).
    else if (orderStatus === 'PENDING_PAYMENT' && holdExpiresAt && holdExpiresAt > at) {
      places.push({ ...base, status: 'OFFERED', bookingId: bookingUuid ?? undefined, offerExpiresAt: holdExpiresAt.toISOString() });
    }
  }
  return places;
}
