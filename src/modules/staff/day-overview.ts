// "Today" for the staff console: each slot of a day with its capacity, places held, sold, admitted and
// still expected, and the day's totals. Slots and capacity come from the supplier (closures and capacity
// changes included); the counts from the inventory module. With an external supplier the places are its
// own: "sold" is what its availability says is taken, and "admitted" is our gate's (decision 0029).
import { topTier } from '@/config/member-places';
import type { Availability } from '@/ports/supplier';
import { catalogClosed } from '../calendar/catalog-options';
import type { CalendarDeps } from '../calendar/deps';
import { admittedForOrders } from '../inventory/admissions-of-orders';
import { closuresBetween } from '../inventory/closures';
import { dayCounts, slotKey, type SlotCounts } from '../inventory/day-counts';
import { serverNow } from '@/server/clock';
import { deckOccupancy, type Occupancy } from '../gate/deck-occupancy';

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
  /** Whose places these are: our inventory, or an external supplier's (then "sold" is every place taken
   * there, holds included, "held" is 0, and "admitted" counts our gate). */
  source: 'inventory' | 'supplier';
  /** The people on the deck now against its limit (decision 0045): today's, whichever date is shown. */
  occupancy: Occupancy;
};

export async function dayOverview(deps: CalendarDeps, date: string, now = serverNow()): Promise<DayOverview> {
  const { db, supplier, ownInventory } = deps;
  const products = await supplier.getProducts('en');
  const [perOption, ours, admittedHere, closures, occupancy] = await Promise.all([
    Promise.all(
      products.flatMap((product) =>
        product.options.map(async (option) => ({ product, option, slots: await supplier.availability({ productId: product.id, optionId: option.id, localDate: date, memberTier: topTier() }) })),
      ),
    ),
    ownInventory ? dayCounts(db, date, now) : undefined,
    ownInventory ? undefined : admittedForOrders(db, date),
    ownInventory ? closuresBetween(db, date, date) : undefined,
    deckOccupancy(db, now),
  ]);
  /** With an external supplier: places taken there (its capacity less its vacancies), and our gate's admissions. */
  const countsOf = (optionId: string, slot: Availability): SlotCounts => {
    const key = slotKey(optionId, slot.id);
    if (ours) return ours.get(key) ?? { held: 0, sold: 0, admitted: 0 };
    return { held: 0, sold: Math.max((slot.capacity ?? 0) - (slot.vacancies ?? 0), 0), admitted: admittedHere?.get(key) ?? 0 };
  };

  const slots = perOption
    .flatMap(({ product, option, slots: available }) =>
      available.map((slot): SlotOverview => {
        const { held, sold, admitted } = countsOf(option.id, slot);
        return {
          productId: product.id,
          optionId: option.id,
          availabilityId: slot.id,
          status: slot.status,
          capacity: slot.capacity ?? 0,
          held,
          sold,
          admitted,
          expected: Math.max(sold - admitted, 0),
        };
      }),
    )
    .sort((a, b) => a.availabilityId.localeCompare(b.availabilityId) || a.productId.localeCompare(b.productId));
  const totals = slots.reduce(
    (sum, s) => ({ capacity: sum.capacity + s.capacity, held: sum.held + s.held, sold: sum.sold + s.sold, admitted: sum.admitted + s.admitted, expected: sum.expected + s.expected }),
    { capacity: 0, held: 0, sold: 0, admitted: 0, expected: 0 },
  );
  const closure = closures?.get(date);
  const closed = closure ? { reason: closure.reason } : ownInventory && catalogClosed(date) ? { reason: null } : null;
  return { date, closed, slots, totals, source: ownInventory ? 'inventory' : 'supplier', occupancy };
}
