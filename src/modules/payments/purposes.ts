// What a payment can pay for, in one place (decision 0028): for each purpose, how a paid payment delivers
// it (or gives the money back), what an expired one tells it, and whose it is. A gift card (decision 0047)
// is one, an annual pass's purchase or renewal (decision 0051) another.
import { and, eq } from 'drizzle-orm';
import type { PaymentState } from '@/ports/payments';
import type { Database } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { annualPasses, bookingChanges, giftCards, orders, passPayments, type PaymentPurpose } from '@/server/db/schema';
import type { CheckoutDeps } from '../checkout/deps';
import { confirmPaidOrder } from '../checkout/confirm-paid-order';
import { expireChange, movePaidChange } from '../bookings/move-paid-change';
import { settleOffer } from '../waitlist/settle-offer';
import { issuePaidGiftCard } from '../gift-cards/issue-paid-gift-card';
import { settleOrderReward } from '../program/checkout-rewards';
import { giveBackOrderGiftCard } from '../gift-cards/pay-with-gift-card';
import { completePassPayment } from '../passes/complete-pass-payment';
import { paymentBySession, type PaymentRow } from './ledger';

/** What a purpose does with a paid payment whose lease the caller holds: deliver (`confirmed`) or give the
 * money back (`refunded`); `in-progress` when what it pays for is busy (the lease then goes back). */
export type PurposeCompletion = (deps: CheckoutDeps, payment: PaymentRow, state: PaymentState) => Promise<'confirmed' | 'refunded' | 'in-progress' | 'done-before'>;

/** The member's booking a payment is for (for a gift card: the card's id), and whether its session may
 * still take money; undefined when the payment is not the member's. */
export type MemberTarget = { bookingUuid: string; payable: boolean };

type Purpose = {
  complete: PurposeCompletion;
  /** The payment closed unpaid: told inside the transaction that marks it expired. */
  expired?: (tx: Database, payment: PaymentRow, at: Date) => Promise<void>;
  ofMember: (db: Database, userId: string, payment: PaymentRow) => Promise<MemberTarget | undefined>;
};

export const PURPOSES: Record<PaymentPurpose, Purpose> = {
  order: {
    complete: confirmPaidOrder,
    // The order stays PENDING_PAYMENT (it reads as expired); the waitlist offer it came from ends now.
    async expired(tx, payment, at) {
      await settleOffer(tx, payment.referenceId, 'EXPIRED', at);
      // A reward's points or a guest pass it took come back (decision 0042).
      await settleOrderReward(tx, payment.referenceId, 'unpaid', at);
      // So does what a gift card paid (decision 0047).
      await giveBackOrderGiftCard(tx, payment.referenceId, at);
    },
    async ofMember(db, userId, payment) {
      const [order] = await db.select().from(orders).where(and(eq(orders.id, payment.referenceId), eq(orders.userId, userId)));
      // A hold released by a newer Book is gone: its session takes no more payments.
      return order && { bookingUuid: order.bookingUuid, payable: order.status === 'PENDING_PAYMENT' && !order.releasedAt };
    },
  },
  change: {
    complete: movePaidChange,
    expired: expireChange,
    async ofMember(db, userId, payment) {
      const [row] = await db
        .select({ status: bookingChanges.status, bookingUuid: orders.bookingUuid })
        .from(bookingChanges)
        .innerJoin(orders, eq(orders.id, bookingChanges.orderId))
        .where(and(eq(bookingChanges.id, payment.referenceId), eq(orders.userId, userId)));
      // A change replaced by a newer one holds no places any more: its session takes no payment.
      return row && { bookingUuid: row.bookingUuid, payable: row.status === 'PENDING_PAYMENT' };
    },
  },
  gift_card: {
    complete: issuePaidGiftCard,
    async ofMember(db, userId, payment) {
      const [card] = await db.select().from(giftCards).where(and(eq(giftCards.id, payment.referenceId), eq(giftCards.buyerUserId, userId)));
      return card && { bookingUuid: card.id, payable: card.status === 'PENDING_PAYMENT' };
    },
  },
  annual_pass: {
    complete: completePassPayment,
    async ofMember(db, userId, payment) {
      const [row] = await db
        .select({ passId: passPayments.passId, paidAt: passPayments.paidAt })
        .from(passPayments)
        .innerJoin(annualPasses, eq(annualPasses.id, passPayments.passId))
        .where(and(eq(passPayments.id, payment.referenceId), eq(annualPasses.buyerUserId, userId)));
      const [renewed] = row ? [] : await db
        .select({ passId: passPayments.passId, paidAt: passPayments.paidAt })
        .from(passPayments)
        .innerJoin(annualPasses, eq(annualPasses.id, passPayments.passId))
        .where(and(eq(passPayments.id, payment.referenceId), eq(annualPasses.holderUserId, userId)));
      const found = row ?? renewed;
      return found && { bookingUuid: found.passId, payable: !found.paidAt };
    },
  },
};

/** The member's own payment by its gateway session, with the booking it is for; someone else's answers as
 * an unknown one. */
export async function memberPayment(db: Database, userId: string, gatewaySessionId: string): Promise<MemberTarget & { payment: PaymentRow }> {
  const payment = await paymentBySession(db, gatewaySessionId);
  const target = payment ? await PURPOSES[payment.purpose].ofMember(db, userId, payment) : undefined;
  if (!payment || !target) throw new AppError('NOT_FOUND', 'noPaymentSession');
  return { payment, ...target };
}
