// A reseller's bookings found by its reference or ours (OCTO's GET /bookings), newest first.
import { and, desc, eq, or } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import type { BookingRow } from './booking-row';

export async function resellerBookings(db: Database, resellerId: string, query: { resellerReference?: string; supplierReference?: string }): Promise<BookingRow[]> {
  const references = [
    query.resellerReference ? eq(bookings.resellerReference, query.resellerReference) : undefined,
    query.supplierReference ? eq(bookings.supplierReference, query.supplierReference.trim().toUpperCase()) : undefined,
  ].filter(Boolean);
  if (references.length === 0) return [];
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.resellerId, resellerId), or(...references)))
    .orderBy(desc(bookings.createdAt))
    .limit(100);
}
