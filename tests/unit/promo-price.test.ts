// Step 2 of the combination rule (universal/promo-price.ts, decision 0049): each ticket at the better of its
// member price and its promo price, never both; rounding as member prices; an amount never below 0; an option
// priced per booking as one ticket.
import { describe, expect, it } from 'vitest';
import { choicePrices, promoUnitPrice } from '@/universal/promo-price';
import type { WebOption } from '@/universal/web-product';
import { PRICED_OPTION } from '../support/priced-option';

const option = PRICED_OPTION;

describe('the promo price', () => {
  it('rounds a percentage half up and keeps an amount off above 0', () => {
    expect(promoUnitPrice(3805, { kind: 'percent', value: 15 })).toBe(3234); // 3234.25
    expect(promoUnitPrice(3805, { kind: 'percent', value: 10 })).toBe(3425); // 3424.5 → half up
    expect(promoUnitPrice(4400, { kind: 'amount', value: 500 })).toBe(3900);
    expect(promoUnitPrice(400, { kind: 'amount', value: 500 })).toBe(0);
  });

  it.each([
    { name: 'no promo: the member price', percent: 10, promo: null, member: 440 + 380, promoCents: 0 },
    { name: 'a better percentage on every ticket', percent: 10, promo: { kind: 'percent', value: 15 } as const, member: 0, promoCents: 660 + 571 },
    { name: 'a tie goes to the member price', percent: 10, promo: { kind: 'percent', value: 10 } as const, member: 440 + 380, promoCents: 0 },
    { name: 'an amount: member price on the adult, promo on the child', percent: 10, promo: { kind: 'amount', value: 420 } as const, member: 440, promoCents: 420 },
    { name: 'an Explorer: the promo on every priced ticket', percent: 0, promo: { kind: 'amount', value: 100 } as const, member: 0, promoCents: 200 },
  ])('$name', ({ percent, promo, member, promoCents }) => {
    const prices = choicePrices(option, { adult: 1, child: 1, infant: 1 }, percent, promo);
    expect({ member: prices.memberCents, promo: prices.promoCents }).toEqual({ member, promo: promoCents });
  });

  it('gives the step-2 price of one ticket for the reward to take off', () => {
    const prices = choicePrices(option, { adult: 2 }, 10, { kind: 'percent', value: 15 });
    expect(prices.unitPrice('adult', 4400)).toBe(3740);
    expect(prices.unitPrice('adult', 0)).toBe(0);
  });

  it('prices an option sold per booking as one ticket', () => {
    const perBooking: WebOption = { ...option, pricingPer: 'BOOKING', bookingPrice: 20000, units: option.units.map((u) => ({ ...u, price: null })) };
    expect(choicePrices(perBooking, { adult: 3 }, 10, { kind: 'amount', value: 2500 })).toMatchObject({ memberCents: 0, promoCents: 2500 });
    expect(choicePrices(perBooking, { adult: 3 }, 20, { kind: 'amount', value: 2500 })).toMatchObject({ memberCents: 4000, promoCents: 0 });
  });
});
