// Days closed by a manager, with their reason: for the staff calendar and for visitors' calendar.
import { and, gte, like, lte, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings, dayClosures } from '@/server/db/schema';

export type Closure = { date: string; reason: string; closedBy: string | null; closedAt: string };

export async function closuresBetween(db: Database, firstDate: string, lastDate: string): Promise<Map<string, Closure>> {
  const rows = await db.select().from(dayClosures).where(and(gte(dayClosures.localDate, firstDate), lte(dayClosures.localDate, lastDate)));
  return new Map(rows.map((r) => [r.localDate, { date: r.localDate, reason: r.reason, closedBy: r.closedBy, closedAt: r.closedAt.toISOString() }]));
}

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

/** The reasons alone, for visitors' calendar. */
export async function closureReasons(db: Database, firstDate: string, lastDate: string): Promise<Map<string, string>> {
  const closures = await closuresBetween(db, firstDate, lastDate);
  return new Map([...closures].map(([date, c]) => [date, c.reason]));
}
