// A booking redeemed as a whole at our gate, whoever sold it, exactly once (a conditional update), and
// the gate's undo of it.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { SupplierError } from '@/ports/supplier';
import { effectiveStatus, type BookingRow } from './booking-row';
import { bookingStates } from './booking-states';
import type { WriteListener } from './write-listener';

export async function redeemBooking(db: Database, supplierReference: string, at: Date, told?: WriteListener): Promise<{ row: BookingRow; alreadyRedeemed: boolean }> {
  const reference = supplierReference.trim().toUpperCase();
  const redeemed = await db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    const [row] = await executor
      .update(bookings)
      .set({ status: bookingStates.transition('CONFIRMED', 'REDEEMED'), redeemedAt: at, updatedAt: at })
      .where(and(eq(bookings.supplierReference, reference), eq(bookings.status, 'CONFIRMED')))
      .returning();
    if (row) await told?.(executor, row, []);
    return row;
  });
  if (redeemed) return { row: redeemed, alreadyRedeemed: false };
  const [current] = await db.select().from(bookings).where(eq(bookings.supplierReference, reference));
  if (!current) throw new SupplierError('INVALID_BOOKING_UUID', 'No booking has this reference', { supplierReference: reference });
  const status = effectiveStatus(current, at);
  if (status !== 'REDEEMED') {
    throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be redeemed`, { supplierReference: reference, status });
  }
  return { row: current, alreadyRedeemed: true };
}

/** A REDEEMED booking becomes CONFIRMED again; undefined when it was not redeemed. */
export async function undoRedemption(db: Database, supplierReference: string, at: Date, told?: WriteListener): Promise<BookingRow | undefined> {
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    const [row] = await executor
      .update(bookings)
      .set({ status: bookingStates.transition('REDEEMED', 'CONFIRMED'), redeemedAt: null, updatedAt: at })
      .where(and(eq(bookings.supplierReference, supplierReference.trim().toUpperCase()), eq(bookings.status, 'REDEEMED')))
      .returning();
    if (row) await told?.(executor, row, []);
    return row;
  });
}
