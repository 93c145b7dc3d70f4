// What a reward or a guest pass takes off a choice (decision 0042), after the member price (decision 0038,
// step 3 of its combination rule): a free ticket takes what is left of one ticket's member price; an
// upgrade makes one ticket cost what the same ticket of the lower option costs (the largest difference
// among the chosen tickets). 0 when it does not apply to the choice. Pure and shared, so that the ticket
// page shows the very amount the checkout takes off.
import { memberUnitPrice } from './member-price';
import type { WebOption } from './web-product';

export type FreeTicketRule = { kind: 'free-ticket'; unitId: string };
export type UpgradeRule = { kind: 'upgrade'; productId: string; optionId: string; fromOptionId: string };
export type RewardRule = FreeTicketRule | UpgradeRule;

export type RewardChoice = {
  productId: string;
  option: WebOption | undefined;
  quantities: Record<string, number>;
  percent: number;
  fromOption?: WebOption;
  /** A ticket's price after step 2 (the better of member price and promo code, decision 0049); the member price without one. */
  unitPrice?: (unitId: string, listPrice: number) => number;
};

export function rewardAmount(rule: RewardRule, choice: RewardChoice): number {
  const { option, quantities, percent } = choice;
  const priceOf = choice.unitPrice ?? ((_unitId: string, list: number) => memberUnitPrice(list, percent));
  // A booking priced as one sum has no ticket to make free.
  if (!option || option.pricingPer === 'BOOKING') return 0;
  const chosen = option.units.filter((unit) => (quantities[unit.id] ?? 0) > 0 && unit.price !== null);
  if (rule.kind === 'free-ticket') {
    const unit = chosen.find((u) => u.id === rule.unitId);
    return unit ? priceOf(unit.id, unit.price!) : 0;
  }
  if (choice.productId !== rule.productId || option.id !== rule.optionId || choice.fromOption?.id !== rule.fromOptionId) return 0;
  return chosen.reduce((best, unit) => {
    const lower = choice.fromOption!.units.find((u) => u.id === unit.id)?.price;
    if (lower === null || lower === undefined) return best;
    return Math.max(best, priceOf(unit.id, unit.price!) - priceOf(unit.id, lower));
  }, 0);
}
