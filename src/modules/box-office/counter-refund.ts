// Refunding at the counter (decision 0053): the booking found by its reference (sold at the box office or on
// the website), then cancelled through the one cancellation (modules/bookings/cancel-booking.ts): its places
// go back to the slot and its money through the ledger: what was paid in cash from the staff member's open
// till, what was paid by card to the card. The amount is the booking's whole total, stated before and after.
import { eq } from 'drizzle-orm';
import { orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { cancelBooking, paidInCash, type Cancellation, type CancelDeps } from '../bookings/cancel-booking';
import { recordAudit } from '../staff/audit-log';
import type { StaffUser } from '../staff/roles';
import { requireOpenShift } from './till';
import { refundedOf } from '../payments/order-refunds';

export type CounterBooking = {
  reference: string;
  status: string;
  channel: string;
  productId: string;
  optionId: string;
  productTitle: string;
  optionTitle: string;
  availabilityId: string;
  tickets: number;
  total: number;
  currency: string;
  method: 'cash' | 'card' | 'none';
  /** What a refund at the counter gives back now: the whole total, once; 0 when it cannot be refunded. */
  refundable: number;
};

export async function counterBooking(deps: CancelDeps, reference: string): Promise<CounterBooking> {
  const wanted = reference.trim().toUpperCase();
  const [order] = await deps.db.select().from(orders).where(eq(orders.supplierReference, wanted));
  if (!order) throw new AppError('NOT_FOUND', 'noSuchReference', { reference: wanted });
  const cash = await paidInCash(deps.db, order);
  const refunded = await refundedOf(deps.db, order);
  return {
    reference: order.supplierReference,
    status: order.status,
    channel: order.channel,
    productId: order.productId,
    optionId: order.optionId,
    productTitle: order.productTitle,
    optionTitle: order.optionTitle,
    availabilityId: order.availabilityId,
    tickets: order.lines.reduce((sum, l) => sum + l.quantity, 0),
    total: order.total,
    currency: order.currency,
    method: order.total === 0 ? 'none' : cash ? 'cash' : 'card',
    refundable: order.status === 'CONFIRMED' ? Math.max(order.total - refunded, 0) : 0,
  };
}

export type CounterRefund = Cancellation & { method: CounterBooking['method'] };

export async function refundAtCounter(deps: CancelDeps, staff: StaffUser, reference: string): Promise<CounterRefund> {
  const booking = await counterBooking(deps, reference);
  // Cash goes back from the staff member's own open till; a card's through the gateway.
  const shift = booking.method === 'cash' ? await requireOpenShift(deps.db, staff.userId) : undefined;
  const actor = { kind: 'staff' as const, userId: staff.userId, email: staff.email };
  const cancellation = await cancelBooking(deps, {
    reference: booking.reference,
    refund: booking.total > 0 ? { kind: 'full' } : { kind: 'none' },
    reason: 'Refunded at the box office',
    by: actor,
    cashTillShiftId: shift?.id,
  });
  await recordAudit(deps.db, {
    actor,
    action: 'box-office.refund',
    target: booking.reference,
    after: { amount: cancellation.refundAmount, currency: cancellation.currency, method: booking.method, tillShift: shift?.id ?? null, refundStatus: cancellation.refundStatus },
  });
  return { ...cancellation, method: booking.method };
}
