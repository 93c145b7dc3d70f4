// A refund put onto a new gift card (decision 0052): a manager cancelling a booking on /staff/bookings may
// give the gateway's part of the refund as a gift card to the booker instead of back to their bank card.
// The card is issued ACTIVE (nothing to pay: its value is the refund, recorded in the payments ledger as
// refunds pointing to it, modules/payments/order-refunds.ts `refundOrderToGiftCard`), with its `issued`
// line, its expiry, its delivery job for today (the e-mail with the code goes through the mail queue) and
// the audit entry, all in the caller's transaction, the one that records the refunds.
import { TIME_ZONE } from '@/config/attraction';
import { ATTRACTION } from '@/config/attraction';
import { currentGiftCardRules } from '@/config/gift-cards';
import type { Database } from '@/server/db/client';
import { giftCardLines, giftCards } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import { enqueue } from '../jobs/enqueue';
import { recordAudit, type Actor } from '../staff/audit-log';
import { newGiftCardCode } from './gift-card-code';
import { giftCardDeliveryKey, monthsAfter } from './issue-paid-gift-card';

export type RefundCardRequest = {
  /** The booking reference refunded. */
  reference: string;
  amount: number;
  currency: string;
  booker: { userId: string; email: string };
  locale: string;
  by: Actor;
};

/** Issues the card and answers its id. */
export async function issueRefundGiftCard(tx: Database, request: RefundCardRequest, at: Date): Promise<string> {
  const [card] = await tx
    .insert(giftCards)
    .values({
      code: newGiftCardCode(),
      status: 'ACTIVE',
      amount: request.amount,
      balance: request.amount,
      currency: request.currency,
      buyerUserId: request.booker.userId,
      buyerEmail: request.booker.email,
      senderName: ATTRACTION.name,
      deliverOn: todayIn(TIME_ZONE, at),
      locale: request.locale,
      paymentId: null,
      refundOf: request.reference,
      createdAt: at,
      issuedAt: at,
      expiresAt: monthsAfter(at, currentGiftCardRules().validMonths),
    })
    .returning({ id: giftCards.id });
  await tx.insert(giftCardLines).values({ giftCardId: card!.id, kind: 'issued', amount: request.amount, at });
  await enqueue(tx, 'giftcards.deliver', { giftCardId: card!.id }, { runAt: at, dedupeKey: giftCardDeliveryKey(card!.id) });
  await recordAudit(tx, {
    actor: request.by,
    action: 'giftcard.issueRefund',
    target: request.reference,
    before: null,
    after: { giftCardId: card!.id, amount: request.amount, currency: request.currency, to: request.booker.email },
  });
  return card!.id;
}
