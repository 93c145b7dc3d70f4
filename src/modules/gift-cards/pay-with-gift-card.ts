// Paying an order with a gift card at checkout (decision 0047, "Paying with a gift card"): the card pays
// what is left after the member price and a reward, up to its balance; the gateway charges the rest.
// The card is read before the hold (to open the gateway session for the rest) and spent in the order's
// transaction on its locked row: an order that finds less than it was priced with (another order spent
// the card meanwhile) is refused whole, so a card is never taken below zero nor an order left short.
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { giftCards, orders } from '@/server/db/schema';
import type { OrderRow } from '../checkout/order-view';
import { policyRefund } from '../bookings/cancellation-terms';
import type { RefundChoice } from '../bookings/refund-choice';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { enforceRateLimits } from '@/server/rate-limit';
import { normalizeGiftCardCode } from './gift-card-code';
import { giveBackToGiftCard, spendGiftCard } from './spend-gift-card';

/** The card's part of an order, as priced before the hold. */
export type GiftCardPart = { giftCardId: string; code: string; cents: number };

/** How much of `due` the card of `typed` pays. Every attempt counts against the gift card lookup limits
 * (per member here, where the balance check counts per address, and everyone's together). */
export async function priceGiftCard(db: Database, typed: string | undefined, due: number, memberId: string, now: Date): Promise<GiftCardPart | null> {
  if (typed === undefined || typed.trim() === '') return null;
  const env = getEnv();
  await enforceRateLimits(
    db,
    [
      { key: `giftcard:member:${memberId}`, limit: env.RATE_LIMIT_GIFT_CARD_LOOKUP_PER_IP },
      { key: 'giftcard:all', limit: env.RATE_LIMIT_GIFT_CARD_LOOKUP },
    ],
    now,
  );
  const code = normalizeGiftCardCode(typed);
  const [card] = code ? await db.select().from(giftCards).where(eq(giftCards.code, code)) : [];
  // A card not paid for yet is no card, as on the balance check.
  if (!card || card.status === 'PENDING_PAYMENT' || !card.expiresAt) throw new AppError('NOT_FOUND', 'giftCardNotFound');
  if (card.status === 'VOIDED') throw new AppError('GIFT_CARD_REFUSED', 'giftCardVoided');
  if (card.expiresAt <= now) throw new AppError('GIFT_CARD_REFUSED', 'giftCardExpired');
  if (card.balance <= 0) throw new AppError('GIFT_CARD_REFUSED', 'giftCardEmpty');
  return { giftCardId: card.id, code: card.code, cents: Math.min(card.balance, Math.max(0, due)) };
}

/** Spends the priced part for the order, inside the transaction that records it. */
export async function takeGiftCard(tx: Database, part: GiftCardPart, orderId: string, at: Date): Promise<void> {
  const { taken } = await spendGiftCard(tx, { code: part.code, wanted: part.cents, reference: orderId }, at);
  // Spent by another order since it was priced: this order's transaction rolls back, the card untouched.
  if (taken < part.cents) throw new AppError('GIFT_CARD_REFUSED', 'giftCardBalanceChanged');
}

/** An order that was not paid (its hold ran out, its payment failed, a newer Book released it) or was
 * cancelled: the card's part goes back to the card, once (giveBackToGiftCard counts what went back). */
export async function giveBackOrderGiftCard(tx: Database, orderId: string, at: Date, upTo?: number): Promise<number> {
  const [order] = await tx.select({ giftCardId: orders.giftCardId }).from(orders).where(eq(orders.id, orderId));
  if (!order?.giftCardId) return 0;
  return giveBackToGiftCard(tx, { giftCardId: order.giftCardId, reference: orderId, upTo }, at);
}

/** What of the card's part a cancellation gives back to the card: the same share of it as the refund is of
 * what the gateway charged (all of it for a full refund, the policy's share once a ticket was admitted). */
export function giftCardShareOfRefund(
  order: Pick<OrderRow, 'giftCardCents' | 'total' | 'productId' | 'availabilityId'>,
  refund: RefundChoice,
  used: boolean,
  at: Date,
): number {
  if (order.giftCardCents === 0 || refund.kind === 'none') return 0;
  if (used) return policyRefund({ ...order, total: order.giftCardCents }, at).refund;
  if (refund.kind === 'full' || order.total === 0) return order.giftCardCents;
  return Math.floor((order.giftCardCents * refund.amount) / order.total);
}
