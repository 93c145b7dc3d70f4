// A member's own booking, by its reference (SKY-…) or its booking id: someone else's answers exactly like
// an unknown one, so references cannot be probed.
import { and, eq, or } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { OrderRow } from '../checkout/order-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function memberBooking(db: Database, userId: string, referenceOrId: string): Promise<OrderRow> {
  const key = referenceOrId.trim();
  const match = UUID.test(key) ? or(eq(orders.bookingUuid, key.toLowerCase()), eq(orders.supplierReference, key.toUpperCase())) : eq(orders.supplierReference, key.toUpperCase());
  const [row] = key.length > 0 && key.length <= 100 ? await db.select().from(orders).where(and(match, eq(orders.userId, userId))) : [];
  if (!row) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return row;
}

/** A confirmed booking whose visit has not started yet may change or be cancelled by its member. */
export function isUpcoming(order: OrderRow, now: Date): boolean {
  return order.status === 'CONFIRMED' && new Date(order.availabilityId).getTime() > now.getTime();
}
