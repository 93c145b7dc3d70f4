// A member's own orders: one by its booking id (for /checkout), or all of them (for "My bookings").
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { OrderRow } from './order-view';

/** Someone else's booking id answers exactly like an unknown one. */
export async function memberOrder(db: Database, userId: string, bookingUuid: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(and(eq(orders.bookingUuid, bookingUuid), eq(orders.userId, userId)));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'noPaymentSessionToUpdate');
  return row;
}

export async function memberOrders(db: Database, userId: string, limit = 50): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit);
}

export async function memberOrderBySession(db: Database, userId: string, paymentSessionId: string): Promise<OrderRow> {
  const [row] = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(and(eq(payments.gatewaySessionId, paymentSessionId), eq(orders.userId, userId)));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'noPaymentSession');
  return row.order;
}
