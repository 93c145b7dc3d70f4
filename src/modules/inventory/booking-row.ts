// A booking of our own inventory as the database holds it, and its status as of a moment: the reads
// every use of a booking starts from.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, bookings } from '@/server/db/schema';
import { SupplierError } from '@/ports/supplier';

export type BookingRow = typeof bookings.$inferSelect;
export type UnitItemRow = typeof bookingUnitItems.$inferSelect;
export type BookingStatus = BookingRow['status'];

/** ON_HOLD past its expiry reads as EXPIRED, whether or not the row was updated yet. */
export function effectiveStatus(row: BookingRow, now: Date): BookingStatus {
  return row.status === 'ON_HOLD' && row.expiresAt && row.expiresAt <= now ? 'EXPIRED' : row.status;
}

/** A reseller's booking by its uuid (locked for update inside a transaction when `lock`), or INVALID_BOOKING_UUID. */
export async function resellerBooking(executor: Database, uuid: string, resellerId: string, lock = false): Promise<BookingRow> {
  const base = executor.select().from(bookings).where(and(eq(bookings.uuid, uuid), eq(bookings.resellerId, resellerId)));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw new SupplierError('INVALID_BOOKING_UUID', 'The uuid was missing or invalid', { uuid });
  return row;
}

/** Any reseller's booking by its uuid, or undefined. */
export async function bookingByUuid(executor: Database, uuid: string): Promise<BookingRow | undefined> {
  const [row] = await executor.select().from(bookings).where(eq(bookings.uuid, uuid));
  return row;
}

/** The unit items (tickets) of some bookings. */
export async function unitItemsOf(executor: Database, bookingIds: string[]): Promise<UnitItemRow[]> {
  if (bookingIds.length === 0) return [];
  return executor.select().from(bookingUnitItems).where(inArray(bookingUnitItems.bookingId, bookingIds));
}
