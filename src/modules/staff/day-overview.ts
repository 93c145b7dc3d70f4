// "Today" for the staff console: each slot of a day with its capacity, places held, sold, admitted and
// still expected, and the day's totals. Capacity comes from the supplier (closures and capacity changes
// included); the counts from the bookings and the gate's admissions.
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { bookings, ticketRedemptions } from '@/server/db/schema';
import { CATALOG_CLOSED } from '../calendar/catalog-options';
import { closuresBetween } from '../calendar/closures';

export type SlotOverview = {
  productId: string;
  optionId: string;
  availabilityId: string;
  /** The supplier's status: AVAILABLE, LIMITED, SOLD_OUT, or CLOSED (a closed day, or a slot no longer sold). */
  status: string;
  capacity: number;
  held: number;
  sold: number;
  admitted: number;
  expected: number;
};

export type DayOverview = {
  date: string;
  /** The day is closed to new sales: by a manager (with the reason) or in the catalogue (reason null). */
  closed: { reason: string | null } | null;
  slots: SlotOverview[];
  totals: Omit<SlotOverview, 'productId' | 'optionId' | 'availabilityId' | 'status'>;
};

const key = (optionId: string, availabilityId: string) => `${optionId} ${availabilityId}`;

export async function dayOverview(db: Database, supplier: SupplierPort, date: string, now = new Date()): Promise<DayOverview> {
  const products = await supplier.getProducts('en');
  const onDay = like(bookings.availabilityId, `${date}T%`);
  const [counts, admissions, closures] = await Promise.all([
    db
      .select({
        optionId: bookings.optionId,
        availabilityId: bookings.availabilityId,
        held: sql<number>`coalesce(sum(${bookings.unitCount}) filter (where ${bookings.status} = 'ON_HOLD' and ${bookings.expiresAt} > ${now}), 0)::int`,
        sold: sql<number>`coalesce(sum(${bookings.unitCount}) filter (where ${bookings.status} in ('CONFIRMED', 'REDEEMED')), 0)::int`,
        // Redeemed as a whole, without admissions of single tickets: every ticket counts as admitted.
        whole: sql<number>`coalesce(sum(${bookings.unitCount}) filter (where ${bookings.status} = 'REDEEMED' and not exists (select 1 from ${ticketRedemptions} tr where tr.booking_uuid = ${bookings.uuid} and tr.undone_at is null)), 0)::int`,
      })
      .from(bookings)
      .where(onDay)
      .groupBy(bookings.optionId, bookings.availabilityId),
    db
      .select({ optionId: bookings.optionId, availabilityId: bookings.availabilityId, admitted: sql<number>`count(*)::int` })
      .from(ticketRedemptions)
      .innerJoin(bookings, eq(bookings.uuid, ticketRedemptions.bookingUuid))
      .where(and(onDay, isNull(ticketRedemptions.undoneAt)))
      .groupBy(bookings.optionId, bookings.availabilityId),
    closuresBetween(db, date, date),
  ]);
  const countOf = new Map(counts.map((c) => [key(c.optionId, c.availabilityId), c]));
  const admittedOf = new Map(admissions.map((a) => [key(a.optionId, a.availabilityId), a.admitted]));

  const perOption = await Promise.all(
    products.flatMap((product) =>
      product.options.map(async (option) => {
        const slots = await supplier.availability({ productId: product.id, optionId: option.id, localDate: date });
        return slots.map((slot): SlotOverview => {
          const c = countOf.get(key(option.id, slot.id));
          const admitted = (admittedOf.get(key(option.id, slot.id)) ?? 0) + (c?.whole ?? 0);
          const sold = c?.sold ?? 0;
          return {
            productId: product.id,
            optionId: option.id,
            availabilityId: slot.id,
            status: slot.status,
            capacity: slot.capacity ?? 0,
            held: c?.held ?? 0,
            sold,
            admitted,
            expected: Math.max(sold - admitted, 0),
          };
        });
      }),
    ),
  );
  const slots = perOption.flat().sort((a, b) => a.availabilityId.localeCompare(b.availabilityId) || a.productId.localeCompare(b.productId));
  const totals = slots.reduce(
    (sum, s) => ({ capacity: sum.capacity + s.capacity, held: sum.held + s.held, sold: sum.sold + s.sold, admitted: sum.admitted + s.admitted, expected: sum.expected + s.expected }),
    { capacity: 0, held: 0, sold: 0, admitted: 0, expected: 0 },
  );
  const closure = closures.get(date);
  const closed = closure ? { reason: closure.reason } : CATALOG_CLOSED.has(date) ? { reason: null } : null;
  return { date, closed, slots, totals };
}
