// A member's own orders: one by its booking id (for /checkout), or all of them (for "My bookings").
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { OrderRow } from './order-view';

/** Someone else's booking id answers exactly like an unknown one. */
export async function memberOrder(db: Database, userId: string, bookingUuid: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(and(eq(orders.bookingUuid, bookingUuid), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'noPaymentSessionToUpdate');
  return row;
}

export async function memberOrders(db: Database, userId: string, limit = 50): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit);
}
