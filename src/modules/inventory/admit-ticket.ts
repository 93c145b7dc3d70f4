// The gate's decision on one of our bookings, made and recorded in one transaction that holds the booking's
// row lock (SELECT … FOR UPDATE). A change (amend-booking.ts) and a cancellation (cancel-booking.ts) take
// the same lock first and refuse a booking with a live admission, so a scan racing either is decided after
// it (and sees the booking changed or cancelled) or before it (and the change or cancellation is refused):
// one paid place is admitted at most once (decision 0033).
import { asc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, bookings } from '@/server/db/schema';
import type { BookingWithTickets } from './gate-lookup';

/** Runs `decide` in a transaction holding the lock of the booking `uuid` (undefined when there is none),
 * with the booking and its tickets as that lock sees them. */
export async function withBookingLocked<T>(db: Database, uuid: string, decide: (tx: Database, found: BookingWithTickets | undefined) => Promise<T>): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [row] = await tx.select().from(bookings).where(eq(bookings.uuid, uuid)).for('update');
    if (!row) return decide(tx, undefined);
    const items = await tx.select().from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, row.id)).orderBy(asc(bookingUnitItems.position));
    return decide(tx, { row, items });
  });
}
