// The tier rule (modules/program/tier-rule.ts): which tier a number of visits reaches, what the next one
// asks, and which visit dates a 12-month window still counts.
import { describe, expect, it } from 'vitest';
import { currentProgram } from '@/config/program';
import { programSchema } from '@/config/program-schema';
import { addLocalMonths, agesOutOn, nextTierFor, tierFor, windowStart } from '@/modules/program/tier-rule';
import { addLocalDays } from '@/universal/local-date';

const program = currentProgram();

describe('the tier rule', () => {
  it('is the demo program: Explorer on joining, Regular at 2 visits (10 % off, 2 more tickets per booking), Local Legend at 5 (20 % off, 2 more), over 12 months', () => {
    // Other sections of the program (rewards, decision 0042) are their own tests'.
    expect(program).toMatchObject({
      windowMonths: 12,
      tiers: [
        { id: 'explorer', visits: 0, perks: { memberDiscountPercent: 0, extraTicketsPerBooking: 0 } },
        { id: 'regular', visits: 2, perks: { memberDiscountPercent: 10, extraTicketsPerBooking: 2 } },
        { id: 'local-legend', visits: 5, perks: { memberDiscountPercent: 20, extraTicketsPerBooking: 2 } },
      ],
    });
  });

  it('gives the highest tier the visits reach', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((visits) => tierFor(program, visits).id)).toEqual(['explorer', 'explorer', 'regular', 'regular', 'regular', 'local-legend', 'local-legend', 'local-legend']);
  });

  it('says what the next tier still asks, and nothing at the top', () => {
    expect(nextTierFor(program, 0)).toEqual({ tier: { id: 'regular', visits: 2, perks: { memberDiscountPercent: 10, extraTicketsPerBooking: 2 } }, visitsToGo: 2 });
    expect(nextTierFor(program, 1)).toEqual({ tier: { id: 'regular', visits: 2, perks: { memberDiscountPercent: 10, extraTicketsPerBooking: 2 } }, visitsToGo: 1 });
    expect(nextTierFor(program, 3)).toEqual({ tier: { id: 'local-legend', visits: 5, perks: { memberDiscountPercent: 20, extraTicketsPerBooking: 2 } }, visitsToGo: 2 });
    expect(nextTierFor(program, 5)).toBeNull();
  });

  it('counts a visit for 12 months: on the day before its anniversary, not on it', () => {
    expect(agesOutOn(program, '2026-01-15')).toBe('2027-01-15');
    expect(windowStart(program, '2027-01-14')).toBe('2026-01-15');
    expect(windowStart(program, '2027-01-15')).toBe('2026-01-16');
    // Month ends and leap days: a month shorter than the date's day ends on its last day.
    expect(addLocalMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(agesOutOn(program, '2028-02-29')).toBe('2029-03-01');
    expect(windowStart(program, '2029-02-28')).toBe('2028-02-29');
    // Every visit ages out on the first day whose window starts after it.
    for (const visit of ['2026-01-31', '2026-03-31', '2027-12-31', '2028-02-28', '2028-02-29', '2028-03-01']) {
      const out = agesOutOn(program, visit);
      expect(windowStart(program, out) > visit).toBe(true);
      expect(windowStart(program, addLocalDays(out, -1)) <= visit).toBe(true);
    }
    expect(addLocalMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('refuses a program whose first tier is not for every member, or whose thresholds do not rise', () => {
    const tiers = (...visits: number[]) => ({ windowMonths: 12, tiers: visits.map((v, i) => ({ id: `t${i}`, visits: v })) });
    expect(programSchema.safeParse(tiers(0, 2, 5)).success).toBe(true);
    expect(programSchema.safeParse(tiers(1, 2)).success).toBe(false);
    expect(programSchema.safeParse(tiers(0, 5, 5)).success).toBe(false);
    expect(programSchema.safeParse({ windowMonths: 0, tiers: [{ id: 'a', visits: 0 }] }).success).toBe(false);
    expect(programSchema.safeParse({ windowMonths: 12, tiers: [{ id: 'a', visits: 0 }, { id: 'a', visits: 1 }] }).success).toBe(false);
  });

  it('gives a tier that lists no perks none, and refuses a discount of the whole price or an unknown perk', () => {
    const parsed = programSchema.parse({ windowMonths: 12, tiers: [{ id: 'a', visits: 0 }] });
    expect(parsed.tiers[0]!.perks).toEqual({ memberDiscountPercent: 0, extraTicketsPerBooking: 0 });
    const perks = (p: object) => programSchema.safeParse({ windowMonths: 12, tiers: [{ id: 'a', visits: 0, perks: p }] }).success;
    expect(perks({ memberDiscountPercent: 90 })).toBe(true);
    expect(perks({ memberDiscountPercent: 100 })).toBe(false);
    expect(perks({ memberDiscountPercent: 12.5 })).toBe(false);
    expect(perks({ memberDiscountPercent: -5 })).toBe(false);
    expect(perks({ extraTicketsPerBooking: -1 })).toBe(false);
    expect(perks({ freeCoffee: true })).toBe(false);
  });
});
