// The change purpose of a payment (modules/payments/complete-payment.ts holds the payment's lease): a paid
// difference moves the booking (docs/decisions/0023). The order's lease too (one change of a booking at a
// time); the supplier gives the hold back and moves the booking in one step, and the order changes as any
// change does, the payment confirmed in that same transaction (record-change.ts). A paid change that cannot
// move any more (released by a newer change, the order changed meanwhile, the places gone: the OCTO path)
// gets its money back once, keyed by the change, and its row and payment say so.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { maxTicketsPerBooking } from '@/config/catalog';
import type { PaymentState } from '@/ports/payments';
import { SupplierError, type SupplierBooking } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { bookingChanges, orders, payments, type OrderLine } from '@/server/db/schema';
import type { CheckoutDeps } from '../checkout/deps';
import type { OrderRow } from '../checkout/order-view';
import { sendMailNow } from '../email/mail-queue';
import { COMPLETION_LEASE_MS, type PaymentRow } from '../payments/ledger';
import { paymentStates } from '../payments/payment-states';
import { refundWhole } from '../payments/refund-payment';
import { cancelHold } from './change-hold';
import { CHANGES_AWAITING_PAYMENT, changeStates } from './change-states';
import { recordChange, unitItemsOf } from './record-change';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

/** The tickets beyond the product's maximum a paid change was quoted with: the member's tier allowed them
 * then (decision 0038), and the difference is paid, so they move as quoted even if the tier changed since. */
function extraUnitsOf(productId: string, lines: OrderLine[]): number {
  const tickets = lines.reduce((sum, line) => sum + line.quantity, 0);
  return Math.max(tickets - maxTicketsPerBooking(productId), 0);
}

export async function movePaidChange(deps: CheckoutDeps, payment: PaymentRow, state: PaymentState): Promise<'confirmed' | 'refunded' | 'in-progress' | 'done-before'> {
  const { db } = deps;
  const [change] = await db.select().from(bookingChanges).where(eq(bookingChanges.id, payment.referenceId));
  if (!change) throw new Error(`payment ${payment.id} pays for no change`);
  if (!(CHANGES_AWAITING_PAYMENT as readonly string[]).includes(change.status)) return 'done-before';

  const at = deps.now?.() ?? serverNow();
  const paidEnough = state.amountPaid >= payment.amount && state.currency === payment.currency;
  let booking: SupplierBooking | undefined;
  let order: OrderRow | undefined;
  if (change.status === 'PENDING_PAYMENT' && paidEnough) {
    // The order's lease too: no other change of the booking meanwhile.
    [order] = await db
      .update(orders)
      .set({ completionLeaseUntil: new Date(at.getTime() + COMPLETION_LEASE_MS) })
      .where(and(eq(orders.id, change.orderId), or(isNull(orders.completionLeaseUntil), lt(orders.completionLeaseUntil, at))))
      .returning();
    if (!order) return 'in-progress';
    const unchanged = order.status === 'CONFIRMED' && order.availabilityId === change.fromAvailabilityId && order.total === change.fromTotal && state.currency === order.currency;
    if (unchanged) {
      try {
        booking = await deps.supplier.updateBooking(order.bookingUuid, {
          availabilityId: change.toAvailabilityId,
          unitItems: unitItemsOf(change.toLines),
          releaseHold: change.holdUuid ?? undefined,
          extraUnits: extraUnitsOf(order.productId, change.toLines as OrderLine[]),
        });
      } catch (error) {
        const refused = error instanceof SupplierError && ['UNPROCESSABLE_ENTITY', 'INVALID_AVAILABILITY_ID', 'INVALID_UNIT_ID', 'INVALID_BOOKING_UUID', 'BAD_REQUEST'].includes(error.code);
        if (!refused) {
          // The supplier could not answer: the order's lease goes back (the payment's too, by the caller),
          // so that a retry (the payment's check job) moves it.
          await db.update(orders).set({ completionLeaseUntil: null }).where(eq(orders.id, order.id));
          throw error;
        }
        log.error('[bookings] a paid change could not move; its difference goes back', { changeId: change.id, error });
      }
    }
  }

  if (booking && order) {
    const target = { selectedTime: change.toAvailabilityId, lines: change.toLines as OrderLine[], toTotal: change.toTotal, refund: 0, pay: change.payAmount };
    const recorded = await recordChange(deps, order, target, booking, at, { changeId: change.id, payment });
    if (!recorded) return 'done-before';
    await sendMailNow(db, deps.mail, `change:${change.id}`);
    return 'confirmed';
  }

  // Paid, but the booking cannot move: the difference goes back, once (the key), and the booking stays.
  if (order) await db.update(orders).set({ completionLeaseUntil: null }).where(eq(orders.id, order.id));
  if (state.amountPaid > 0) await refundWhole(deps, { payment, amount: Math.min(state.amountPaid, payment.amount), key: `change:${change.id}`, reason: 'the change could not be made' });
  await cancelHold(deps, change.holdUuid, 'Refunded: the change could not be made');
  const refunded = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookingChanges)
      .set({ status: changeStates.transition(change.status, 'REFUNDED') })
      .where(and(eq(bookingChanges.id, change.id), eq(bookingChanges.status, change.status)))
      .returning();
    if (!row) return undefined;
    await tx
      .update(payments)
      .set({ state: paymentStates.transition(payment.state, 'refunded'), leaseUntil: null })
      .where(and(eq(payments.id, payment.id), eq(payments.state, payment.state)));
    return row;
  });
  return refunded ? 'refunded' : 'done-before';
}

/** The payment of a change closed unpaid: nothing changed, its hold ran out by itself. */
export async function expireChange(tx: Database, payment: PaymentRow): Promise<void> {
  const [change] = await tx.select().from(bookingChanges).where(eq(bookingChanges.id, payment.referenceId));
  if (!change || !(CHANGES_AWAITING_PAYMENT as readonly string[]).includes(change.status)) return;
  await tx
    .update(bookingChanges)
    .set({ status: changeStates.transition(change.status, 'EXPIRED') })
    .where(and(eq(bookingChanges.id, change.id), eq(bookingChanges.status, change.status)));
}
