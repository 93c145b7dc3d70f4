// A change to a higher total is paid before the booking moves (docs/decisions/0023). Confirming it holds the
// new places at the supplier (a hold like Book's, running out with the payment's time) and opens a payment
// session for the difference, recorded as a PENDING_PAYMENT booking change. Once paid (the member's return,
// the gateway's webhook and the sweeper all come here; leases let exactly one of them work), the supplier
// gives the hold back and moves the booking in one step, and the order changes as any change does. A paid
// change that cannot move any more (released, or the places went: the OCTO path) gets its money back once,
// keyed by the change. An unpaid one changes nothing: its hold runs out and the places return.
import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Locale } from '@/config/locales';
import type { CheckoutSession } from '@/ports/payments';
import { SupplierError, type SupplierBooking } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { bookingChanges, orders, type OrderLine } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { localizedPath } from '@/universal/localized-path';
import { COMPLETION_LEASE_MS } from '../checkout/complete-checkout';
import type { CheckoutDeps } from '../checkout/deps';
import { holdExpiry } from '../checkout/hold-expiry';
import type { OrderRow } from '../checkout/order-view';
import { PAYMENT_RECHECK_MS } from '../checkout/sweep-paid-orders';
import { sendMailNow } from '../email/mail-queue';
import { refusal } from './change-refusal';
import { changeColumns, memberContact, recordChange, unitItemsOf, type ChangeTarget } from './record-change';

export type ChangeRow = typeof bookingChanges.$inferSelect;

/** A change to a higher total waiting for its payment: the session to pay and when its hold ends. */
export type ChangePayment = { changeId: string; paymentSession: CheckoutSession; expirationTime: string };

export type ChangeCompletion = {
  change: ChangeRow;
  outcome: 'changed' | 'refunded' | 'unpaid' | 'expired' | 'in-progress' | 'done-before';
};

/** Changes still waiting that a payment may complete: a released or expired one is refunded if paid. */
const OPEN = ['PENDING_PAYMENT', 'RELEASED', 'EXPIRED'] as const;

/** The places a change needs held: on the booking's own slot only what it adds (its places are its own). */
function placesToHold(order: OrderRow, target: ChangeTarget): { unitId: string }[] {
  if (target.selectedTime !== order.availabilityId) return unitItemsOf(target.lines);
  const had = (unitId: string) => order.lines.find((l) => l.unitId === unitId)?.quantity ?? 0;
  return unitItemsOf(target.lines.map((l) => ({ ...l, quantity: Math.max(l.quantity - had(l.unitId), 0) })));
}

/** Holds the new places and opens the payment of the difference; the caller holds the order's lease. */
export async function startChangePayment(deps: CheckoutDeps, order: OrderRow, target: ChangeTarget & { currency: string }, locale: Locale): Promise<ChangePayment> {
  const { db, supplier, gateway } = deps;
  const hold = await supplier
    .createBooking({
      productId: order.productId,
      optionId: order.optionId,
      availabilityId: target.selectedTime,
      unitItems: placesToHold(order, target),
      expirationMinutes: deps.holdMinutes,
      notes: `Skypass change of ${order.supplierReference}`,
    })
    .catch(refusal);
  try {
    const now = deps.now?.() ?? new Date();
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
    await db.insert(bookingChanges).values({
      id: changeId,
      ...changeColumns(order, target),
      status: 'PENDING_PAYMENT',
      holdUuid: hold.uuid,
      holdExpiresAt,
      payAmount: target.pay,
      paymentSessionId: session.id,
      paymentSession: session,
      createdAt: now,
      nextPaymentCheckAt: new Date(now.getTime() + PAYMENT_RECHECK_MS),
    });
    return { changeId, paymentSession: session, expirationTime: holdExpiresAt.toISOString() };
  } catch (error) {
    // Nothing will pay for this hold: its places go back at once.
    await cancelHold(deps, hold.uuid, 'The change stopped before payment');
    if (error instanceof AppError) throw error;
    console.error('[bookings] a change failed after its hold was taken', error);
    throw new AppError('SUPPLIER_FAILED', 'internal');
  }
}

async function cancelHold(deps: CheckoutDeps, holdUuid: string | null, reason: string): Promise<void> {
  if (!holdUuid) return;
  await deps.supplier.cancelBooking(holdUuid, { reason }).then(
    () => undefined,
    (error: unknown) => {
      // A hold that ran out or went already is given back already.
      if (error instanceof SupplierError && (error.code === 'UNPROCESSABLE_ENTITY' || error.code === 'INVALID_BOOKING_UUID')) return;
      console.error('[bookings] a change hold could not be given back; it runs out by itself', error);
    },
  );
}

/**
 * Gives back the places of the order's changes still waiting for payment (a newer change replaces them).
 * One paid meanwhile is not released: the member is told to wait while it completes.
 */
export async function releasePendingChanges(deps: CheckoutDeps, orderId: string): Promise<void> {
  const pending = await deps.db.select().from(bookingChanges).where(and(eq(bookingChanges.orderId, orderId), eq(bookingChanges.status, 'PENDING_PAYMENT')));
  for (const change of pending) {
    const { status } = await deps.gateway.getState(change.paymentSessionId!);
    if (status === 'paid' || status === 'refunded') throw new AppError('BOOKING_BUSY', 'bookingBusy');
    await cancelHold(deps, change.holdUuid, 'Released: the member changed the booking again');
    // Still swept until its session closes: a payment that comes anyway is refunded.
    await deps.db.update(bookingChanges).set({ status: 'RELEASED' }).where(and(eq(bookingChanges.id, change.id), eq(bookingChanges.status, 'PENDING_PAYMENT')));
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

export function changePaymentView(change: ChangeRow): ChangePayment {
  return { changeId: change.id, paymentSession: change.paymentSession as CheckoutSession, expirationTime: change.holdExpiresAt!.toISOString() };
}

/** The change a payment session pays for, or undefined when the session is an order's. */
export async function changeBySession(db: Database, paymentSessionId: string): Promise<ChangeRow | undefined> {
  const [row] = await db.select().from(bookingChanges).where(eq(bookingChanges.paymentSessionId, paymentSessionId));
  return row;
}

/** One change of an order by its id (anything else, a malformed id too, reads as none). */
export async function changeOfOrder(db: Database, orderId: string, changeId: string): Promise<ChangeRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(changeId)) return undefined;
  const [row] = await db.select().from(bookingChanges).where(and(eq(bookingChanges.orderId, orderId), eq(bookingChanges.id, changeId)));
  return row;
}

/** A member's own change by its payment session (someone else's reads as unknown), with its booking. */
export async function memberChangeBySession(db: Database, userId: string, paymentSessionId: string): Promise<(ChangeRow & { bookingUuid: string }) | undefined> {
  const [row] = await db
    .select({ change: bookingChanges, bookingUuid: orders.bookingUuid })
    .from(bookingChanges)
    .innerJoin(orders, eq(orders.id, bookingChanges.orderId))
    .where(and(eq(bookingChanges.paymentSessionId, paymentSessionId), eq(orders.userId, userId)));
  return row ? { ...row.change, bookingUuid: row.bookingUuid } : undefined;
}

export async function completeChangePayment(deps: CheckoutDeps, paymentSessionId: string): Promise<ChangeCompletion> {
  const { db, gateway } = deps;
  const current = await changeBySession(db, paymentSessionId);
  if (!current) throw new AppError('NOT_FOUND', 'noPaymentSession');
  if (current.status === 'DONE' || current.status === 'REFUNDED') return { change: current, outcome: 'done-before' };
  const state = await gateway.getState(paymentSessionId);
  if (state.status === 'open') return { change: current, outcome: 'unpaid' };
  if (state.status === 'expired') return { change: current, outcome: 'expired' };

  const at = deps.now?.() ?? new Date();
  const leaseUntil = new Date(at.getTime() + COMPLETION_LEASE_MS);
  const free = <T extends typeof bookingChanges.completionLeaseUntil | typeof orders.completionLeaseUntil>(column: T) => or(isNull(column), lt(column, at));
  const [change] = await db
    .update(bookingChanges)
    .set({ completionLeaseUntil: leaseUntil })
    .where(and(eq(bookingChanges.id, current.id), inArray(bookingChanges.status, [...OPEN]), free(bookingChanges.completionLeaseUntil)))
    .returning();
  if (!change) return { change: await latest(db, current.id), outcome: 'in-progress' };

  const paidEnough = state.amountPaid >= change.payAmount;
  let booking: SupplierBooking | undefined;
  let order: OrderRow | undefined;
  if (change.status === 'PENDING_PAYMENT' && paidEnough) {
    // The order's lease too: no other change of the booking meanwhile.
    [order] = await db
      .update(orders)
      .set({ completionLeaseUntil: leaseUntil })
      .where(and(eq(orders.id, change.orderId), free(orders.completionLeaseUntil)))
      .returning();
    if (!order) {
      await db.update(bookingChanges).set({ completionLeaseUntil: null }).where(eq(bookingChanges.id, change.id));
      return { change, outcome: 'in-progress' };
    }
    const unchanged = order.status === 'CONFIRMED' && order.availabilityId === change.fromAvailabilityId && order.total === change.fromTotal && state.currency === order.currency;
    if (unchanged) {
      try {
        booking = await deps.supplier.updateBooking(order.bookingUuid, { availabilityId: change.toAvailabilityId, unitItems: unitItemsOf(change.toLines), releaseHold: change.holdUuid ?? undefined });
      } catch (error) {
        const refused = error instanceof SupplierError && ['UNPROCESSABLE_ENTITY', 'INVALID_AVAILABILITY_ID', 'INVALID_UNIT_ID', 'INVALID_BOOKING_UUID', 'BAD_REQUEST'].includes(error.code);
        if (!refused) {
          // The supplier could not answer: both leases go back, so that a retry (the sweeper) moves it.
          await db.update(orders).set({ completionLeaseUntil: null }).where(eq(orders.id, order.id));
          await db.update(bookingChanges).set({ completionLeaseUntil: null }).where(eq(bookingChanges.id, change.id));
          throw error;
        }
        console.error('[bookings] a paid change could not move; its difference goes back', change.id, error);
      }
    }
  }

  if (booking && order) {
    const target = { selectedTime: change.toAvailabilityId, lines: change.toLines as OrderLine[], toTotal: change.toTotal, refund: 0, pay: change.payAmount };
    const recorded = await recordChange(deps, order, target, booking, at, change.id);
    if (!recorded) return { change: await latest(db, change.id), outcome: 'done-before' };
    await sendMailNow(db, deps.mail, `change:${change.id}`);
    return { change: await latest(db, change.id), outcome: 'changed' };
  }

  // Paid, but the booking cannot move (released by a newer change, changed meanwhile, the places gone):
  // the difference goes back, once (the key), and the booking stays as it was.
  if (order) await db.update(orders).set({ completionLeaseUntil: null }).where(eq(orders.id, order.id));
  await gateway.refund(paymentSessionId, state.amountPaid, `change:${change.id}`);
  await cancelHold(deps, change.holdUuid, 'Refunded: the change could not be made');
  const [refunded] = await db
    .update(bookingChanges)
    .set({ status: 'REFUNDED', paidAt: at, refundAmount: state.amountPaid, refundedAt: at, completionLeaseUntil: null, nextPaymentCheckAt: null })
    .where(and(eq(bookingChanges.id, change.id), inArray(bookingChanges.status, [...OPEN])))
    .returning();
  return { change: refunded ?? (await latest(db, change.id)), outcome: refunded ? 'refunded' : 'done-before' };
}

async function latest(db: Database, id: string): Promise<ChangeRow> {
  const [row] = await db.select().from(bookingChanges).where(eq(bookingChanges.id, id));
  return row!;
}
