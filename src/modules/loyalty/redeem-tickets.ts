// Redemption at the gate: the booking's tickets become REDEEMED (the OCTO status) and the member earns
// the attendance drop. Local bookings are redeemed here; an OCTO supplier reports its own redemptions.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { bookings, orders } from '../../server/db/schema';
import { AppError } from '../../server/errors';
import { recordLoyaltyEvent } from './record-event';

export type Redemption = { reference: string; status: 'REDEEMED'; redeemedAt: string; alreadyRedeemed: boolean; tokensEarned: number };

/** Credits the attendance drop for a redeemed booking that one of our members ordered. */
export async function creditVisit(db: Database, bookingUuid: string): Promise<number> {
  const [order] = await db.select().from(orders).where(eq(orders.bookingUuid, bookingUuid));
  if (!order || order.status !== 'CONFIRMED') return 0;
  return recordLoyaltyEvent(db, { userId: order.userId, trigger: 'ticket-redeemed', productId: order.productId, bookingUuid });
}

export async function redeemBooking(db: Database, reference: string, now = new Date()): Promise<Redemption> {
  const normalized = reference.trim().toUpperCase();
  const [redeemed] = await db
    .update(bookings)
    .set({ status: 'REDEEMED', redeemedAt: now, updatedAt: now })
    .where(and(eq(bookings.supplierReference, normalized), eq(bookings.status, 'CONFIRMED')))
    .returning();
  let booking = redeemed;
  if (!booking) {
    [booking] = await db.select().from(bookings).where(eq(bookings.supplierReference, normalized));
    if (!booking) throw new AppError(404, 'NOT_FOUND', `No booking has the reference ${normalized}`);
    if (booking.status !== 'REDEEMED') throw new AppError(409, 'BAD_REQUEST', `Booking ${normalized} is ${booking.status}: only a confirmed booking can be redeemed`);
  }
  const tokensEarned = await creditVisit(db, booking.uuid);
  return { reference: normalized, status: 'REDEEMED', redeemedAt: booking.redeemedAt!.toISOString(), alreadyRedeemed: !redeemed, tokensEarned };
}
