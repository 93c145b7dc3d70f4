// The reward's amount (decision 0042): after the member price, one ticket, never more than it.
import { describe, expect, it } from 'vitest';
import { currentProgram } from '@/config/program';
import { rewardsSchema } from '@/config/program-rewards-schema';
import { rewardAmount } from '@/universal/reward-price';
import type { WebOption } from '@/universal/web-product';

const unit = (id: string, price: number | null) => ({ id, type: id.toUpperCase(), title: id, price, minQuantity: 0, maxQuantity: 10 }) as unknown as WebOption['units'][number];
const option = (id: string, units: WebOption['units'], pricingPer: 'UNIT' | 'BOOKING' = 'UNIT') => ({ id, title: id, units, pricingPer, bookingPrice: null, maxUnits: 10 }) as unknown as WebOption;

const top = option('express-main-top', [unit('adult', 11500), unit('child', 10900)]);
const main = option('express-main', [unit('adult', 8500), unit('child', 7900)]);
const upgrade = { kind: 'upgrade' as const, productId: 'express-pass', optionId: 'express-main-top', fromOptionId: 'express-main' };

describe('rewardAmount', () => {
  it('makes one ticket free at its member price, only when the choice has one', () => {
    const deck = option('main-deck-day', [unit('adult', 4400), unit('child', 3800)]);
    expect(rewardAmount({ kind: 'free-ticket', unitId: 'adult' }, { productId: 'main-deck', option: deck, quantities: { adult: 2 }, percent: 0 })).toBe(4400);
    expect(rewardAmount({ kind: 'free-ticket', unitId: 'adult' }, { productId: 'main-deck', option: deck, quantities: { adult: 2 }, percent: 10 })).toBe(3960);
    expect(rewardAmount({ kind: 'free-ticket', unitId: 'adult' }, { productId: 'main-deck', option: deck, quantities: { child: 2 }, percent: 0 })).toBe(0);
  });

  it('makes one upgraded ticket cost the lower option’s price, at the member price too', () => {
    expect(rewardAmount(upgrade, { productId: 'express-pass', option: top, quantities: { adult: 1, child: 1 }, percent: 0, fromOption: main })).toBe(3000);
    expect(rewardAmount(upgrade, { productId: 'express-pass', option: top, quantities: { adult: 1 }, percent: 10, fromOption: main })).toBe(10350 - 7650);
    // Not on the lower option itself, nor another product.
    expect(rewardAmount(upgrade, { productId: 'express-pass', option: main, quantities: { adult: 1 }, percent: 0, fromOption: main })).toBe(0);
    expect(rewardAmount(upgrade, { productId: 'main-deck', option: top, quantities: { adult: 1 }, percent: 0, fromOption: main })).toBe(0);
  });

  it('takes nothing off a booking priced as one sum', () => {
    const whole = option('private', [unit('adult', null)], 'BOOKING');
    expect(rewardAmount({ kind: 'free-ticket', unitId: 'adult' }, { productId: 'x', option: whole, quantities: { adult: 1 }, percent: 0 })).toBe(0);
  });
});

describe('the rewards section of config/program.json', () => {
  it('is the demo: the Top Deck upgrade for 300 points, a free adult ticket for 500, a guest pass a quarter for Local Legends', () => {
    expect(currentProgram().rewards).toEqual({
      catalogue: [
        { id: 'top-deck-upgrade', points: 300, kind: 'upgrade', productId: 'express-pass', optionId: 'express-main-top', fromOptionId: 'express-main' },
        { id: 'free-adult-ticket', points: 500, kind: 'free-ticket', unitId: 'adult' },
      ],
      guestPasses: { tiers: ['local-legend'], perQuarter: 1, unitId: 'adult', referralPoints: 200 },
    });
  });

  it('refuses two rewards of one id and a reward of no points', () => {
    const pass = { tiers: [], perQuarter: 0, unitId: 'adult', referralPoints: 0 };
    const free = { id: 'a', points: 1, kind: 'free-ticket', unitId: 'adult' };
    expect(rewardsSchema.safeParse({ catalogue: [free, free], guestPasses: pass }).success).toBe(false);
    expect(rewardsSchema.safeParse({ catalogue: [{ ...free, points: 0 }], guestPasses: pass }).success).toBe(false);
    expect(rewardsSchema.safeParse({ catalogue: [free], guestPasses: pass }).success).toBe(true);
  });
});
