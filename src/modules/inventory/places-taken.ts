// Places taken on an option's slots: confirmed and redeemed bookings, and holds that have not expired.
// Counted, never decremented, so an expired hold gives its places back at its expiry without any job.
import { and, eq, gt, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings } from '@/server/db/schema';

const ACTIVE = ['CONFIRMED', 'REDEEMED'] as const;

/** Places taken per slot start between `from` and `to`, leaving out one booking (the one being changed). */
export async function placesTaken(
  executor: Database,
  optionId: string,
  from: Date,
  to: Date,
  at: Date,
  exceptBookingId?: string,
): Promise<Map<number, number>> {
  const rows = await executor
    .select({ slotStart: bookings.slotStart, taken: sql<number>`cast(sum(${bookings.unitCount}) as integer)` })
    .from(bookings)
    .where(
      and(
        eq(bookings.optionId, optionId),
        gte(bookings.slotStart, from),
        lte(bookings.slotStart, to),
        or(inArray(bookings.status, [...ACTIVE]), and(eq(bookings.status, 'ON_HOLD'), gt(bookings.expiresAt, at))),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    )
    .groupBy(bookings.slotStart);
  return new Map(rows.map((r) => [r.slotStart.getTime(), Number(r.taken)]));
}
