// A day's places per slot of our own inventory, for "today": held (unexpired holds), sold (confirmed or
// redeemed) and admitted at the gate (single tickets, or whole bookings redeemed without them).
import { and, eq, gte, isNull, like, lt, sql } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { bookings, ticketRedemptions } from '@/server/db/schema';

export type SlotCounts = { held: number; sold: number; admitted: number };

export const slotKey = (optionId: string, availabilityId: string) => `${optionId} ${availabilityId}`;

/** Counts per slot (slotKey) on a local date. */
export async function dayCounts(db: Database, date: string, at: Date): Promise<Map<string, SlotCounts>> {
  // The day's slots by their start (bookings_slot_start_idx), between the local midnights; the availability id
  // names the same local date. A pattern on the id alone read every booking of the year (decision 0048).
  const midnight = (days: number) => sql`((${date}::date + ${days}::int)::timestamp at time zone ${TIME_ZONE})`;
  const onDay = and(gte(bookings.slotStart, midnight(0)), lt(bookings.slotStart, midnight(1)), like(bookings.availabilityId, `${date}T%`));
  const [counts, admissions] = await Promise.all([
    db
      .select({
        optionId: bookings.optionId,
        availabilityId: bookings.availabilityId,
        held: sql<number>`coalesce(sum(${bookings.unitCount}) filter (where ${bookings.status} = 'ON_HOLD' and ${bookings.expiresAt} > ${at}), 0)::int`,
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
  ]);
  const result = new Map<string, SlotCounts>();
  for (const c of counts) result.set(slotKey(c.optionId, c.availabilityId), { held: c.held, sold: c.sold, admitted: c.whole });
  for (const a of admissions) {
    const key = slotKey(a.optionId, a.availabilityId);
    const slot = result.get(key) ?? { held: 0, sold: 0, admitted: 0 };
    result.set(key, { ...slot, admitted: slot.admitted + a.admitted });
  }
  return result;
}
