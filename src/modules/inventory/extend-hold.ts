// A hold kept longer (OCTO's extend): only a hold still on hold.
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { SupplierError } from '@/ports/supplier';
import { effectiveStatus, resellerBooking, type BookingRow } from './booking-row';
import type { WriteListener } from './write-listener';

export async function extendHold(db: Database, uuid: string, resellerId: string, minutes: number, at: Date, told?: WriteListener): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    const current = await resellerBooking(executor, uuid, resellerId, true);
    const status = effectiveStatus(current, at);
    if (status !== 'ON_HOLD') throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be extended`, { uuid });
    const [updated] = await executor
      .update(bookings)
      .set({ expiresAt: new Date(at.getTime() + minutes * 60_000), updatedAt: at })
      .where(eq(bookings.id, current.id))
      .returning();
    await told?.(executor, updated!, []);
    return updated!;
  });
}
