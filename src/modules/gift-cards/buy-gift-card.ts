// Buying a gift card (decision 0047): the amount and the delivery date checked against the configuration,
// then the card (PENDING_PAYMENT, its code already drawn) and its payment recorded together in the one
// payments ledger; the card is issued when that payment completes (issue-paid-gift-card.ts).
import crypto from 'node:crypto';
import { ATTRACTION, TIME_ZONE } from '@/config/attraction';
import { currentGiftCardRules } from '@/config/gift-cards';
import type { GiftCardRules } from '@/config/gift-cards-schema';
import type { CheckoutSession } from '@/ports/payments';
import { serverNow } from '@/server/clock';
import { giftCards } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { formatMoney } from '@/universal/format/money';
import { addLocalDays, isLocalDate, todayIn } from '@/universal/local-date';
import type { CheckoutDeps } from '../checkout/deps';
import { openPurchasePayment } from '../payments/open-purchase-payment';
import { newGiftCardCode } from './gift-card-code';

export type GiftCardOrder = {
  amount: number;
  /** Null: the card is e-mailed to the buyer. */
  recipient: { name: string; email: string } | null;
  senderName: string;
  message?: string;
  /** A New York date, today or later. */
  deliverOn: string;
};

/** Throws a 400 naming the rule when the amount or the date is not one the configuration allows. */
export function checkGiftCardOrder(order: GiftCardOrder, today: string, rules: GiftCardRules = currentGiftCardRules(), locale = 'en'): void {
  const { min, max, step } = rules;
  if (!Number.isInteger(order.amount) || order.amount < min || order.amount > max || order.amount % step !== 0) {
    const money = (cents: number) => formatMoney(cents, ATTRACTION.currency, locale);
    throw new AppError('VALIDATION', 'giftCardAmount', { min: money(min), max: money(max), step: money(step) });
  }
  const last = addLocalDays(today, rules.deliverWithinDays);
  if (!isLocalDate(order.deliverOn) || order.deliverOn < today || order.deliverOn > last) {
    throw new AppError('VALIDATION', 'giftCardDeliverOn', { first: today, last });
  }
}

export async function buyGiftCard(
  deps: CheckoutDeps,
  buyer: { userId: string; email: string },
  order: GiftCardOrder,
  locale: string,
): Promise<{ giftCardId: string; paymentSession: CheckoutSession }> {
  const now = deps.now?.() ?? serverNow();
  checkGiftCardOrder(order, todayIn(TIME_ZONE, now), currentGiftCardRules(), locale);
  const giftCardId = crypto.randomUUID();
  const purchase = {
    purpose: 'gift_card' as const,
    referenceId: giftCardId,
    amount: order.amount,
    description: 'gift card',
    customerEmail: buyer.email,
    returnTo: { path: '/gift-cards', query: `?card=${encodeURIComponent(giftCardId)}` },
    locale,
    now,
  };
  const session = await openPurchasePayment(deps, purchase, async (tx, paymentId) => {
    await tx.insert(giftCards).values({
      id: giftCardId,
      code: newGiftCardCode(),
      status: 'PENDING_PAYMENT',
      amount: order.amount,
      currency: ATTRACTION.currency,
      buyerUserId: buyer.userId,
      buyerEmail: buyer.email,
      senderName: order.senderName,
      recipientName: order.recipient?.name ?? null,
      recipientEmail: order.recipient?.email ?? null,
      message: order.message || null,
      deliverOn: order.deliverOn,
      locale,
      paymentId,
      createdAt: now,
    });
  });
  return { giftCardId, paymentSession: session };
}
