// What was taken off an order's list price, line by line, in the order the price rule applies them (decisions
// 0038, 0042, 0047, 0049): the member price, the promo code, the reward or guest pass, then what a gift card
// paid. One list for the checkout summary, the booking page (components/checkout/OrderDeductions.tsx) and
// the tickets e-mail, named from the `checkout` and `rewards` namespaces of the reader's language.
import { rewardLabel } from './reward-label';

type Translate = (key: string, values?: Record<string, string | number>) => string;

export type DeductedOrder = { discount: number; promo: number; promoCode: string | null; reward: number; rewardReason: string | null; giftCard: number };

export type Deduction = { kind: 'memberPrice' | 'promo' | 'reward' | 'giftCard'; label: string; amount: number };

/** `t` reads the checkout namespace, `tr` the rewards one. Lines of 0 are left out. */
export function orderDeductions(order: DeductedOrder, t: Translate, tr: Translate): Deduction[] {
  const lines: (Deduction | null)[] = [
    order.discount > 0 ? { kind: 'memberPrice', label: t('summary.memberDiscount'), amount: order.discount } : null,
    order.promo > 0 && order.promoCode ? { kind: 'promo', label: t('summary.promoCode', { code: order.promoCode }), amount: order.promo } : null,
    order.reward > 0 && order.rewardReason ? { kind: 'reward', label: rewardLabel(tr, order.rewardReason), amount: order.reward } : null,
    order.giftCard > 0 ? { kind: 'giftCard', label: t('summary.giftCard'), amount: order.giftCard } : null,
  ];
  return lines.filter((line): line is Deduction => line !== null);
}
