// The checkout's discounts, in decision 0038's order (decision 0049): each ticket at the better of its member
// price and the promo code's price, then the reward on what that left. Priced before the hold (a refused code
// holds nothing); the promo's use and the reward are taken inside the transaction that records the order.
import { eq } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { promoCodes } from '@/server/db/schema';
import { localDatePart, todayIn } from '@/universal/local-date';
import { choicePrices } from '@/universal/promo-price';
import type { WebOption, WebProduct } from '@/universal/web-product';
import { AppError } from '@/server/errors';
import { priceReward, takeReward, type PricedReward, type RewardRequest } from '../program/checkout-rewards';
import { memberDiscountReason, type MemberPerks } from '../program/member-perks';
import { normalizePromoCode } from './promo-code';
import { refusePromoFor, refusePromoUses } from './promo-rules';
import { countPromoUses, takePromoUse } from './promo-uses';

export type DiscountRequest = RewardRequest & { promoCode?: string; selectedTime: string };

export type OrderDiscounts = {
  /** All the discounts take off the list price. */
  taken: number;
  promo: { id: string; code: string; cents: number } | null;
  reward: PricedReward | null;
  /** The order's columns that record them. */
  columns: { discountCents: number; discountReason: string | null; promoCode: string | null; promoCents: number; rewardCents: number; rewardReason: string | null };
};

export async function priceOrderDiscounts(
  db: Database,
  userId: string,
  request: DiscountRequest,
  choice: { product: WebProduct; option: WebOption; quantities: Record<string, number>; perks: MemberPerks },
  now: Date,
): Promise<OrderDiscounts> {
  const percent = choice.perks.memberDiscountPercent;
  const promo = request.promoCode?.trim() ? await checkedPromo(db, userId, request.promoCode, request.selectedTime, choice, now) : null;
  const prices = choicePrices(choice.option, choice.quantities, percent, promo);
  // A code that beats the member price on no ticket would spend a use for nothing.
  if (promo && prices.promoCents === 0) throw new AppError('PROMO_REFUSED', 'promoNoBetter');
  const reward = await priceReward(db, userId, request, { ...choice, percent, unitPrice: prices.unitPrice }, now);
  return {
    taken: prices.memberCents + prices.promoCents + (reward?.cents ?? 0),
    promo: promo ? { id: promo.id, code: promo.code, cents: prices.promoCents } : null,
    reward,
    columns: {
      discountCents: prices.memberCents,
      discountReason: prices.memberCents > 0 ? memberDiscountReason(choice.perks) : null,
      promoCode: promo?.code ?? null,
      promoCents: prices.promoCents,
      rewardCents: reward?.cents ?? 0,
      rewardReason: reward?.reason ?? null,
    },
  };
}

/** Takes the promo code's use and the reward for the order, inside the transaction that records it. */
export async function takeOrderDiscounts(tx: Database, priced: OrderDiscounts, order: { id: string; userId: string }, at: Date): Promise<void> {
  if (priced.promo) await takePromoUse(tx, { promoId: priced.promo.id, orderId: order.id, userId: order.userId, cents: priced.promo.cents }, at);
  if (priced.reward) await takeReward(tx, priced.reward, order, at);
}

async function checkedPromo(
  db: Database,
  userId: string,
  code: string,
  selectedTime: string,
  choice: { product: WebProduct; option: WebOption; quantities: Record<string, number> },
  now: Date,
) {
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, normalizePromoCode(code)));
  const tickets = Object.values(choice.quantities).reduce((sum, n) => sum + n, 0);
  refusePromoFor(promo, { productId: choice.product.id, optionId: choice.option.id, tickets, visitDate: localDatePart(selectedTime), today: todayIn(TIME_ZONE, now) });
  // Asked again under the code's row lock when the order is recorded: this only spares a needless hold.
  refusePromoUses(promo, await countPromoUses(db, promo.id, userId));
  return promo;
}
