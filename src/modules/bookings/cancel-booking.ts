// Cancelling a confirmed booking (decision 0016), by staff, the operator or (issue #15) its member: the
// places go back to the slot (the supplier port), a full, partial or no refund goes back through the
// payment port (for a booking whose ticket was admitted, exactly the policy's: decision 0033), and the member is e-mailed in their language. Exactly once: concurrent cancellations
// race for one row of booking_cancellations, and the loser refunds nothing. The row, the order's new
// status, the e-mail (mail queue, idempotency key "cancelled:<booking uuid>") and the audit entry are
// written in one transaction; the refund follows it, as refunds of the payments ledger keyed
// `cancelled:<booking uuid>` (modules/payments/order-refunds.ts). A refund the gateway could not take stays
// `pending` and its `refunds.retry` job takes it up (decision 0032); a part never recorded (a crash after the
// cancellation's commit) is taken by the next call for the booking.
import { and, eq } from 'drizzle-orm';
import type { MailTransport } from '@/ports/mail';
import type { PaymentGateway } from '@/ports/payments';
import { SupplierError, type SupplierBooking, type SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { bookingCancellations, orders, payments, users } from '@/server/db/schema';
import { isCashSession } from '../payments/free-session';
import { AppError } from '@/server/errors';
import { orderStates } from '../checkout/order-states';
import type { OrderRow } from '../checkout/order-view';
import { sendMailNow, enqueueMail } from '../email/mail-queue';
import { orderRefunds, refundOrder, refundOrderToGiftCard, refundStatus } from '../payments/order-refunds';
import { issueRefundGiftCard } from '../gift-cards/issue-refund-gift-card';
import { voidBookingPoints } from '../program/member-points';
import { settleOrderReward } from '../program/checkout-rewards';
import { giftCardShareOfRefund, giveBackOrderGiftCard } from '../gift-cards/pay-with-gift-card';
import { uncountVisit } from '../program/member-visits';
import type { RefundRow } from '../payments/refund-payment';
import { isAdmitted } from '../inventory/admissions';
import { recordAudit, type Actor } from '../staff/audit-log';
import { renderCancellationEmail } from './cancellation-email';
import { policyRefund } from './cancellation-terms';
import type { RefundChoice } from './refund-choice';
import { enqueuePlacesFreed } from '../waitlist/places-freed';
import { recordPassUpdates } from '../wallet/pass-updates';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

export type CancelDeps = { db: Database; supplier: SupplierPort; gateway: PaymentGateway; mail: MailTransport; siteUrl: string; now?: () => Date };

/** Where the refund goes: back through the payment's gateway (the default), or onto a new gift card issued
 * to the booker, which only staff may choose (decision 0052). What a gift card paid goes back to that card
 * either way. */
export type RefundTo = 'payment' | 'gift_card';

/** `refundTo`: where the refund goes (a new gift card: decision 0052); `cashTillShiftId`: the box-office till
 * shift that hands back what was paid in cash (decision 0053); a booking paid in cash is refunded nowhere else. */
export type CancelRequest = { reference: string; refund: RefundChoice; by: Actor; reason?: string; refundTo?: RefundTo; cashTillShiftId?: string };

export type Cancellation = {
  reference: string;
  bookingUuid: string;
  refundAmount: number;
  currency: string;
  refundStatus: 'none' | 'pending' | 'refunded';
  refundTo: RefundTo;
  cancelledAt: string;
};

/** A refund still short this long after the cancellation was left by a caller that failed or died: the next
 * call records what is missing (a recorded part is its job's too, under the same key). */
const REFUND_RETRY_AFTER_MS = 60_000;

type Target = { order: OrderRow | undefined; booking: SupplierBooking | undefined; bookingUuid: string; reference: string };

async function findTarget(deps: CancelDeps, reference: string): Promise<Target> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.supplierReference, reference));
  if (order) return { order, booking: undefined, bookingUuid: order.bookingUuid, reference };
  // A reseller's booking: ours to cancel at the gate's supplier, theirs to refund.
  const [booking] = await deps.supplier.listBookings({ supplierReference: reference }).catch(() => []);
  if (!booking) throw new AppError('NOT_FOUND', 'noSuchReference', { reference });
  return { order: undefined, booking, bookingUuid: booking.uuid, reference };
}

function refundAmountOf(target: Target, choice: RefundChoice): number {
  if (choice.kind === 'none') return 0;
  if (!target.order) throw new AppError('RESELLER_BOOKING', 'refundThroughReseller', { reference: target.reference });
  const total = target.order.total;
  if (choice.kind === 'full') return total;
  if (!Number.isInteger(choice.amount) || choice.amount < 1 || choice.amount > total) {
    throw new AppError('INVALID_FIELDS', 'refundAmountRange', { max: total });
  }
  return choice.amount;
}

type CancellationRow = typeof bookingCancellations.$inferSelect;

function view(row: CancellationRow, refunds: RefundRow[]): Cancellation {
  return {
    reference: row.supplierReference,
    bookingUuid: row.bookingUuid,
    refundAmount: row.refundAmount,
    currency: row.currency,
    refundStatus: refundStatus(refunds, row.refundAmount),
    refundTo: row.refundTo,
    cancelledAt: row.createdAt.toISOString(),
  };
}

const refundKey = (bookingUuid: string) => `cancelled:${bookingUuid}`;

/** Whether the order's own payment was cash into a box-office till (decision 0053). */
export async function paidInCash(db: Database, order: Pick<OrderRow, 'paymentId'>): Promise<boolean> {
  const [payment] = await db.select({ sessionId: payments.gatewaySessionId }).from(payments).where(eq(payments.id, order.paymentId));
  return payment !== undefined && isCashSession(payment.sessionId);
}

/** The refunds of a cancellation so far (none for a reseller's booking: the reseller refunds). */
export async function cancellationRefunds(db: Database, row: CancellationRow, order: OrderRow | undefined): Promise<RefundRow[]> {
  return order ? orderRefunds(db, order, refundKey(row.bookingUuid)) : [];
}

/** The refund onto a new gift card for the booker, issued with its refunds in one transaction. */
async function refundToGiftCard(deps: CancelDeps, row: CancellationRow, order: OrderRow): Promise<RefundRow[]> {
  const now = deps.now ?? serverNow;
  const [booker] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, order.userId));
  if (!booker) throw new Error(`order ${order.id} has no member`);
  const by: Actor = row.byKind === 'operator' || !row.byUserId || !row.byEmail ? { kind: 'operator' } : { kind: row.byKind, userId: row.byUserId, email: row.byEmail };
  return refundOrderToGiftCard(deps, order, { amount: row.refundAmount, key: refundKey(row.bookingUuid), reason: row.reason ?? 'cancelled' }, (tx, amount) =>
    issueRefundGiftCard(tx, { reference: row.supplierReference, amount, currency: order.currency, booker: { userId: booker.id, email: booker.email }, locale: order.locale, by }, now()),
  );
}

/** The cancellation stands whatever happens here: a refund that could not be made waits for the next try. */
async function takeRefund(deps: CancelDeps, row: CancellationRow, order: OrderRow, cashTillShiftId?: string): Promise<RefundRow[]> {
  try {
    if (row.refundTo === 'gift_card') return await refundToGiftCard(deps, row, order);
    return await refundOrder(deps, order, { amount: row.refundAmount, key: refundKey(row.bookingUuid), reason: row.reason ?? 'cancelled', tillShiftId: cashTillShiftId });
  } catch (error) {
    log.error(`[cancel] the refund of ${row.supplierReference} waits for the next try`, { error });
    return cancellationRefunds(deps.db, row, order);
  }
}

export async function cancelBooking(deps: CancelDeps, request: CancelRequest): Promise<Cancellation> {
  const now = deps.now ?? serverNow;
  const reference = request.reference.trim().toUpperCase();
  const target = await findTarget(deps, reference);

  const [earlier] = await deps.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingUuid, target.bookingUuid));
  if (earlier) {
    const refunds = await cancellationRefunds(deps.db, earlier, target.order);
    const stale = refundStatus(refunds, earlier.refundAmount) === 'pending' && now().getTime() - earlier.createdAt.getTime() > REFUND_RETRY_AFTER_MS;
    if (stale && target.order) return view(earlier, await takeRefund(deps, earlier, target.order));
    throw new AppError('ALREADY_CANCELLED', 'alreadyCancelled', { reference });
  }
  if (target.order && target.order.status !== 'CONFIRMED') {
    throw new AppError('NOT_CANCELLABLE', 'notCancellable', { reference, status: target.order.status });
  }
  const chosen = refundAmountOf(target, request.refund);
  // A new gift card is the office's offer (a reseller's booking has no refund of ours: refundAmountOf).
  if (request.refundTo === 'gift_card' && request.by.kind !== 'staff') throw new AppError('FORBIDDEN', 'managersOnly');
  const refundTo: RefundTo = target.order ? (request.refundTo ?? 'payment') : 'payment';
  // Cash comes back from a till, counted by the one who hands it over: only at the box office.
  if (target.order && chosen > 0 && !request.cashTillShiftId && (await paidInCash(deps.db, target.order))) {
    throw new AppError('VALIDATION', 'cashRefundAtTill', { reference });
  }

  // The places go back first: a booking the supplier will not cancel (its slot has begun, or, once used,
  // ended) keeps its money. Cancelling twice at the supplier changes nothing.
  let cancelled: SupplierBooking;
  try {
    cancelled = await deps.supplier.cancelBooking(target.bookingUuid, { reason: request.reason ?? 'Cancelled by the attraction' });
  } catch (error) {
    if (error instanceof SupplierError && error.code === 'UNPROCESSABLE_ENTITY') {
      throw new AppError('NOT_CANCELLABLE', 'notCancellableNow', { reference });
    }
    throw error;
  }

  // A place admitted at the gate was used: what comes back is the policy's at this moment, whatever was
  // chosen (decision 0033). Asked once the booking is cancelled, when no scan can admit it any more.
  const used = target.order !== undefined && (await isAdmitted(deps.db, target.bookingUuid));
  const refundAmount = used ? policyRefund(target.order!, now()).refund : chosen;
  const currency = target.order?.currency ?? target.booking?.pricing?.currency ?? cancelled.pricing?.currency ?? '';
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookingCancellations)
      .values({
        bookingUuid: target.bookingUuid,
        supplierReference: reference,
        orderId: target.order?.id ?? null,
        refundAmount,
        currency,
        byKind: request.by.kind,
        byUserId: request.by.kind === 'operator' ? null : request.by.userId,
        byEmail: request.by.kind === 'operator' ? null : request.by.email,
        reason: request.reason ?? null,
        refundTo,
        createdAt: now(),
      })
      .onConflictDoNothing({ target: bookingCancellations.bookingUuid })
      .returning();
    if (!row) return undefined;
    if (target.order) {
      await tx
        .update(orders)
        .set({ status: orderStates.transition(target.order.status, 'CANCELLED') })
        .where(and(eq(orders.id, target.order.id), eq(orders.status, target.order.status)));
      const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, target.order.userId));
      if (member) await enqueueMail(tx, `cancelled:${target.bookingUuid}`, renderCancellationEmail(target.order, member.email, refundAmount, deps.siteUrl, refundTo));
      // Its tickets' passes are voided in the wallets that hold them.
      await recordPassUpdates(tx, target.order.id, (target.order.tickets ?? []).map((t) => t.reference), now());
      // A cancelled booking is no visit (one only an external supplier's gate admitted, for one).
      await uncountVisit(tx, target.bookingUuid, now());
      // Its points are void, pending or confirmed (decision 0037).
      await voidBookingPoints(tx, target.bookingUuid, refundAmount > 0 ? 'refunded' : 'cancelled', now());
      // Cancelled before its visit, the reward's points or the guest pass come back; a used one stays used.
      if (!used) await settleOrderReward(tx, target.order.id, refundAmount > 0 ? 'refunded' : 'cancelled', now());
      // What a gift card paid goes back to the card in the same share as the gateway's part (decision 0047).
      const toCard = giftCardShareOfRefund(target.order, request.refund, used, now());
      if (toCard > 0) await giveBackOrderGiftCard(tx, target.order.id, now(), toCard);
    }
    await recordAudit(tx, {
      actor: request.by,
      action: 'booking.cancel',
      target: reference,
      before: { status: target.order?.status ?? target.booking?.status },
      after: { status: 'CANCELLED', refundAmount, currency, reason: request.reason ?? null, ...(refundTo === 'gift_card' ? { refundTo } : {}), ...(used ? { refundedUnder: 'policy: a ticket was admitted' } : {}) },
    });
    // The places are back on sale: the first in line on their waitlist gets them.
    await enqueuePlacesFreed(tx);
    return row;
  });
  if (!claimed) throw new AppError('ALREADY_CANCELLED', 'alreadyCancelled', { reference });

  const refunds = refundAmount > 0 && target.order ? await takeRefund(deps, claimed, target.order, request.cashTillShiftId) : [];
  await sendMailNow(deps.db, deps.mail, `cancelled:${target.bookingUuid}`);
  return view(claimed, refunds);
}
