// A hold or a confirmed booking of our inventory cancelled (kept, for the record): its places are free
// at once, as places are counted, never decremented.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { SupplierError } from '@/ports/supplier';
import { isAdmitted } from './admissions';
import { effectiveStatus, resellerBooking, type BookingRow } from './booking-row';
import { bookingStates } from './booking-states';
import { slotOf, type WriteListener } from './write-listener';

/** Cancels a reseller's booking; `done` is false when it was cancelled already. Under the row lock the gate
 * takes too (admit-ticket.ts): a booking is cancelled before its slot starts, or, once a ticket of it was
 * admitted, until its slot ends. The admissions stay (a later scan reads CANCELLED); what comes back is the
 * product's cancellation policy's at this moment, nothing once the visit has begun (decision 0033). */
export async function cancelBooking(db: Database, uuid: string, resellerId: string, reason: string | null, at: Date, told?: WriteListener): Promise<{ row: BookingRow; done: boolean }> {
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    const current = await resellerBooking(executor, uuid, resellerId, true);
    const status = effectiveStatus(current, at);
    if (status === 'CANCELLED') return { row: current, done: false };
    const used = status === 'REDEEMED' || (await isAdmitted(executor, current.uuid));
    // A used booking's visit is under way until its slot ends; an unused one is a no-show once it starts.
    const deadline = used ? current.slotEnd : current.slotStart;
    if (!bookingStates.canMove(status, 'CANCELLED') || deadline <= at) {
      throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be cancelled${deadline <= at ? ' any more' : ''}`, { uuid });
    }
    const [updated] = await executor
      .update(bookings)
      .set({ status: bookingStates.transition(status, 'CANCELLED'), cancelledAt: at, updatedAt: at, expiresAt: null, cancellationReason: reason })
      .where(and(eq(bookings.id, current.id), eq(bookings.status, current.status)))
      .returning();
    if (!updated) throw new Error(`booking ${current.uuid} changed under its row lock`);
    await told?.(executor, updated!, [slotOf(updated!)]);
    return { row: updated!, done: true };
  });
}
