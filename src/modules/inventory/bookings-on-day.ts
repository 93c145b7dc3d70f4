// How many bookings a day holds that closing it leaves valid: what a manager is told on closing it.
import { and, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings } from '@/server/db/schema';

/** Bookings on a day that closing it leaves valid: confirmed ones and unexpired holds. */
export async function bookingsOnDay(db: Database, date: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        like(bookings.availabilityId, `${date}T%`),
        sql`(${inArray(bookings.status, ['CONFIRMED', 'REDEEMED'])} or (${bookings.status} = 'ON_HOLD' and ${bookings.expiresAt} > ${at}))`,
      ),
    );
  return Number(row?.count ?? 0);
}
