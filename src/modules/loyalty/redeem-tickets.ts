// Redemption at the gate: the booking's tickets become REDEEMED at the supplier (the OCTO status) and
// the member earns the attendance drop. A supplier with a gate of its own reports redemptions by webhook.
import { eq } from 'drizzle-orm';
import { SupplierError, type SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { confirmTicketPoints } from '../program/member-points';
import { earnReferral } from '../program/checkout-rewards';
import { countVisit } from '../program/member-visits';
import { recordLoyaltyEvent } from './record-event';
import { serverNow } from '@/server/clock';

export type Redemption = { reference: string; status: 'REDEEMED'; redeemedAt: string; alreadyRedeemed: boolean; tokensEarned: number };

/** Credits the attendance drop for a redeemed booking that one of our members ordered. */
export async function creditVisit(db: Database, bookingUuid: string): Promise<number> {
  const [order] = await db.select().from(orders).where(eq(orders.bookingUuid, bookingUuid));
  if (!order || order.status !== 'CONFIRMED') return 0;
  return recordLoyaltyEvent(db, { userId: order.userId, trigger: 'ticket-redeemed', productId: order.productId, bookingUuid });
}

export async function redeemBooking(db: Database, supplier: SupplierPort, reference: string): Promise<Redemption> {
  const normalized = reference.trim().toUpperCase();
  try {
    const { booking, alreadyRedeemed } = await supplier.redeemBooking(normalized);
    // The whole booking admitted: the member's visit and every ticket's points, as the gate counts them.
    if (!alreadyRedeemed) {
      const at = serverNow();
      await db.transaction(async (tx) => {
        await countVisit(tx as unknown as Database, booking.uuid, at);
        await confirmTicketPoints(tx as unknown as Database, booking.uuid, 'all', at);
        await earnReferral(tx as unknown as Database, booking.uuid, at);
      });
    }
    const tokensEarned = await creditVisit(db, booking.uuid);
    return { reference: normalized, status: 'REDEEMED', redeemedAt: booking.utcRedeemedAt ?? serverNow().toISOString(), alreadyRedeemed, tokensEarned };
  } catch (error) {
    if (!(error instanceof SupplierError)) throw error;
    if (error.code === 'INVALID_BOOKING_UUID') throw new AppError('NOT_FOUND', 'noSuchReference', { reference: normalized });
    if (error.code === 'UNPROCESSABLE_ENTITY') {
      throw new AppError('NOT_REDEEMABLE', 'notRedeemable', { reference: normalized, status: error.details.status ?? '' });
    }
    throw new AppError('BAD_REQUEST', 'redeemedElsewhere');
  }
}
