// Tickets our gate admitted on a day for the website's orders, per slot: with an external supplier the
// bookings are the supplier's, so the slot is read from our order of each booking (decision 0029).
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { orders, ticketRedemptions } from '@/server/db/schema';
import { slotKey } from './day-counts';

export async function admittedForOrders(db: Database, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ optionId: orders.optionId, availabilityId: orders.availabilityId, admitted: sql<number>`count(*)::int` })
    .from(ticketRedemptions)
    .innerJoin(orders, eq(orders.bookingUuid, ticketRedemptions.bookingUuid))
    .where(and(like(orders.availabilityId, `${date}T%`), isNull(ticketRedemptions.undoneAt)))
    .groupBy(orders.optionId, orders.availabilityId);
  return new Map(rows.map((r) => [slotKey(r.optionId, r.availabilityId), r.admitted]));
}
