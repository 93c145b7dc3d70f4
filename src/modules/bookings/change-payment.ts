// A change to a higher total is paid before the booking moves (docs/decisions/0023). Confirming it holds the
// new places at the supplier (a hold like Book's, running out with the payment's time) and opens a payment
// session for the difference, recorded as a PENDING_PAYMENT booking change. Once paid (the member's return,
// the gateway's webhook and the payment's check job all come here; leases let exactly one of them work), the supplier
// gives the hold back and moves the booking in one step, and the order changes as any change does. A paid
// change that cannot move any more (released, or the places went: the OCTO path) gets its money back once,
// keyed by the change (move-paid-change.ts, the change purpose of the payments ledger). An unpaid one changes
// nothing: its hold runs out and the places return.
import crypto from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Locale } from '@/config/locales';
import type { CheckoutSession } from '@/ports/payments';
import type { Database } from '@/server/db/client';
import { bookingChanges, payments } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { localizedPath } from '@/universal/localized-path';
import { memberPerks } from '../program/member-perks';
import type { CheckoutDeps } from '../checkout/deps';
import { holdExpiry } from '../checkout/hold-expiry';
import type { OrderRow } from '../checkout/order-view';
import { completePayment, type PaymentOutcome } from '../payments/complete-payment';
import { recordPayment, sessionOf, type PaymentRow } from '../payments/ledger';
import { cancelHold } from './change-hold';
import { refusal } from './change-refusal';
import { changeStates } from './change-states';
import { changeColumns, memberContact, unitItemsOf, type ChangeTarget } from './record-change';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

export type ChangeRow = typeof bookingChanges.$inferSelect;

/** A change to a higher total waiting for its payment: the session to pay and when its hold ends. */
export type ChangePayment = { changeId: string; paymentSession: CheckoutSession; expirationTime: string };

export type ChangeCompletion = { change: ChangeRow; outcome: PaymentOutcome };

/** The places a change needs held: on the booking's own slot only what it adds (its places are its own). */
function placesToHold(order: OrderRow, target: ChangeTarget): { unitId: string }[] {
  if (target.selectedTime !== order.availabilityId) return unitItemsOf(target.lines);
  const had = (unitId: string) => order.lines.find((l) => l.unitId === unitId)?.quantity ?? 0;
  return unitItemsOf(target.lines.map((l) => ({ ...l, quantity: Math.max(l.quantity - had(l.unitId), 0) })));
}

/** Holds the new places and opens the payment of the difference; the caller holds the order's lease. */
export async function startChangePayment(deps: CheckoutDeps, order: OrderRow, target: ChangeTarget & { currency: string; extraUnits: number }, locale: Locale): Promise<ChangePayment> {
  const { db, supplier, gateway } = deps;
  const hold = await supplier
    .createBooking({
      productId: order.productId,
      optionId: order.optionId,
      availabilityId: target.selectedTime,
      unitItems: placesToHold(order, target),
      expirationMinutes: deps.holdMinutes,
      notes: `Skypass change of ${order.supplierReference}`,
      // The member's tier may take the places kept for it (decision 0041), and book its extra tickets (0038).
      memberTier: (await memberPerks(db, order.userId)).tierId,
      extraUnits: target.extraUnits,
    })
    .catch(refusal);
  try {
    const now = deps.now?.() ?? serverNow();
    const holdExpiresAt = holdExpiry(hold, now, deps.holdMinutes);
    const changeId = crypto.randomUUID();
    const who = await memberContact(deps, order.userId);
    const session = await gateway.createSession({
      amount: target.pay,
      currency: target.currency,
      // Unique per session (Stripe's idempotency key is made of it): the change, not the booking.
      reference: `change-${changeId}`,
      description: `${order.productTitle} · ${order.optionTitle} (${order.supplierReference})`,
      customerEmail: who.email,
      expiresAt: holdExpiresAt,
      returnUrl: `${deps.siteUrl}${localizedPath(`/bookings/${encodeURIComponent(order.supplierReference)}`, locale)}?change=${changeId}`,
    });
    await db.transaction(async (tx) => {
      const payment = await recordPayment(tx, gateway, { purpose: 'change', referenceId: changeId, session }, now);
      await tx.insert(bookingChanges).values({
        id: changeId,
        ...changeColumns(order, target),
        status: 'PENDING_PAYMENT',
        holdUuid: hold.uuid,
        holdExpiresAt,
        payAmount: target.pay,
        paymentId: payment.id,
        createdAt: now,
      });
    });
    return { changeId, paymentSession: session, expirationTime: holdExpiresAt.toISOString() };
  } catch (error) {
    // Nothing will pay for this hold: its places go back at once.
    await cancelHold(deps, hold.uuid, 'The change stopped before payment');
    if (error instanceof AppError) throw error;
    log.error('[bookings] a change failed after its hold was taken', { error });
    throw new AppError('SUPPLIER_FAILED', 'internal');
  }
}

/** The payment of a change (one to a higher total has one). */
async function paymentOfChange(db: Database, change: ChangeRow): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, change.paymentId!));
  return row!;
}

/**
 * Gives back the places of the order's changes still waiting for payment (a newer change replaces them).
 * One paid meanwhile is not released: the member is told to wait while it completes.
 */
export async function releasePendingChanges(deps: CheckoutDeps, orderId: string): Promise<void> {
  const pending = await deps.db.select().from(bookingChanges).where(and(eq(bookingChanges.orderId, orderId), eq(bookingChanges.status, 'PENDING_PAYMENT')));
  for (const change of pending) {
    const payment = await paymentOfChange(deps.db, change);
    const { status } = await deps.gateway.getState(payment.gatewaySessionId);
    if (status === 'paid' || status === 'refunded') throw new AppError('BOOKING_BUSY', 'bookingBusy');
    await cancelHold(deps, change.holdUuid, 'Released: the member changed the booking again');
    // Its payment is still swept until its session closes: a payment that comes anyway is refunded.
    await deps.db
      .update(bookingChanges)
      .set({ status: changeStates.transition(change.status, 'RELEASED') })
      .where(and(eq(bookingChanges.id, change.id), eq(bookingChanges.status, change.status)));
  }
}

/** The member's change waiting for its payment, with its hold still running: the booking page shows it. */
export async function pendingChange(db: Database, orderId: string, now: Date): Promise<ChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.orderId, orderId), eq(bookingChanges.status, 'PENDING_PAYMENT'), gt(bookingChanges.holdExpiresAt, now)))
    .orderBy(desc(bookingChanges.createdAt))
    .limit(1);
  return row;
}

export async function changePaymentView(db: Database, change: ChangeRow): Promise<ChangePayment> {
  const payment = await paymentOfChange(db, change);
  return { changeId: change.id, paymentSession: sessionOf(payment), expirationTime: change.holdExpiresAt!.toISOString() };
}

/** One change of an order by its id (anything else, a malformed id too, reads as none). */
export async function changeOfOrder(db: Database, orderId: string, changeId: string): Promise<ChangeRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(changeId)) return undefined;
  const [row] = await db.select().from(bookingChanges).where(and(eq(bookingChanges.orderId, orderId), eq(bookingChanges.id, changeId)));
  return row;
}

/** Completes a change's payment through the one path, for callers that want the change back. */
export async function completeChangePayment(deps: CheckoutDeps, paymentSessionId: string): Promise<ChangeCompletion> {
  const { payment, outcome } = await completePayment(deps, paymentSessionId);
  const [change] = payment.purpose === 'change' ? await deps.db.select().from(bookingChanges).where(eq(bookingChanges.id, payment.referenceId)) : [];
  if (!change) throw new AppError('NOT_FOUND', 'noPaymentSession');
  return { change, outcome };
}
