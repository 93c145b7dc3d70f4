// The member price rule (universal/member-price.ts, decision 0038): a percentage off each unit price,
// rounded to the cent half up, per unit; a choice's discount is the sum of its units'.
import { describe, expect, it } from 'vitest';
import { memberDiscount, memberUnitPrice } from '@/universal/member-price';
import { PRICED_OPTION } from '../support/priced-option';

const option = PRICED_OPTION;

describe('the member price', () => {
  it('takes the percentage off a unit price', () => {
    expect(memberUnitPrice(4400, 10)).toBe(3960);
    expect(memberUnitPrice(4400, 20)).toBe(3520);
    expect(memberUnitPrice(4400, 0)).toBe(4400);
    expect(memberUnitPrice(0, 20)).toBe(0);
  });

  it('rounds each unit to the cent, half up', () => {
    // 38.05 × 0.9 = 34.245 → 34.25; 38.05 × 0.8 = 30.44 exactly; 0.05 × 0.9 = 0.045 → 0.05; 0.01 × 0.8 = 0.008 → 0.01
    expect(memberUnitPrice(3805, 10)).toBe(3425);
    expect(memberUnitPrice(3805, 20)).toBe(3044);
    expect(memberUnitPrice(5, 10)).toBe(5);
    expect(memberUnitPrice(1, 80)).toBe(0);
    expect(memberUnitPrice(1, 20)).toBe(1);
    // 0.15 × 0.7 = 0.105 → 0.11 (half up), never 0.10
    expect(memberUnitPrice(15, 30)).toBe(11);
  });

  it('is per unit: three children at 10 % off save 3 × 3.80, not 10 % of 114.15 rounded once', () => {
    expect(memberDiscount(option, { child: 3 }, 10)).toBe(3 * (3805 - 3425));
    expect(memberDiscount(option, { adult: 2, child: 1, infant: 1 }, 10)).toBe(2 * 440 + 380);
    expect(memberDiscount(option, { adult: 2 }, 0)).toBe(0);
    expect(memberDiscount(undefined, { adult: 2 }, 10)).toBe(0);
  });

  it('takes the percentage off the one price of an option priced per booking', () => {
    expect(memberDiscount({ ...option, pricingPer: 'BOOKING', bookingPrice: 9999 }, { adult: 3 }, 10)).toBe(9999 - 8999);
  });
});
