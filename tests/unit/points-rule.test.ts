// The points rule (modules/program/points-rule.ts, decision 0037): what a ticket earns, when confirmed
// points stop counting, and a member's balance, pending points and next expiry from their ledger lines.
import { describe, expect, it } from 'vitest';
import { currentPointsRules } from '@/config/points';
import { programPointsSchema, type PointsRules } from '@/config/points-schema';
import { pointsExpireOn, pointsForTicket, summarizePoints, type PointsLine } from '@/modules/program/points-rule';
import { pointsStates } from '@/modules/program/points-states';

const rules = currentPointsRules();

describe('the points rule', () => {
  it('is the demo program: 100 per adult (and senior) ticket, 50 per child, none per infant, for 12 months', () => {
    expect(rules).toEqual({ expiryMonths: 12, perUnit: { adult: 100, senior: 100, child: 50, infant: 0 }, products: {} });
    expect(['adult', 'senior', 'child', 'infant'].map((unit) => pointsForTicket(rules, 'main-deck', unit))).toEqual([100, 100, 50, 0]);
  });

  it('earns nothing for a unit the rules do not list, and lets a product’s own table win', () => {
    expect(pointsForTicket(rules, 'charter', 'guest')).toBe(0);
    const own: PointsRules = { ...rules, products: { 'express-pass': { adult: 150 } } };
    expect(pointsForTicket(own, 'express-pass', 'adult')).toBe(150);
    // A unit the product's table leaves out earns the program's points.
    expect(pointsForTicket(own, 'express-pass', 'child')).toBe(50);
    expect(pointsForTicket(own, 'main-deck', 'adult')).toBe(100);
  });

  it('lets confirmed points count for 12 months: they expire on the anniversary of the admission', () => {
    expect(pointsExpireOn(rules, '2026-11-26')).toBe('2027-11-26');
    expect(pointsExpireOn(rules, '2028-02-29')).toBe('2029-02-28');
  });

  it('refuses rules that would earn negative or fractional points, or last no time', () => {
    const file = (points: unknown) => programPointsSchema.safeParse({ windowMonths: 12, tiers: [], points }).success;
    expect(file({ expiryMonths: 12, perUnit: { adult: 100 } })).toBe(true);
    expect(file({ expiryMonths: 12, perUnit: { adult: -1 } })).toBe(false);
    expect(file({ expiryMonths: 12, perUnit: { adult: 1.5 } })).toBe(false);
    expect(file({ expiryMonths: 0, perUnit: { adult: 100 } })).toBe(false);
    expect(file({ expiryMonths: 12, perUnit: { Adult: 100 } })).toBe(false);
    expect(file({ expiryMonths: 12, perUnit: {}, bonus: 5 })).toBe(false);
    expect(file(undefined)).toBe(false);
  });
});

describe('a member’s points', () => {
  const line = (state: PointsLine['state'], points: number, expiresOn: string | null = null, spent = 0): PointsLine => ({ state, points, spent, expiresOn });

  it('has nothing to show without lines', () => {
    expect(summarizePoints([], '2026-11-26')).toEqual({ balance: 0, pending: 0, nextExpiry: null });
  });

  it('counts confirmed points in the balance and pending ones apart; void and expired ones not at all', () => {
    const lines = [line('confirmed', 100, '2027-06-01'), line('pending', 50), line('pending', 100), line('void', 100), line('expired', 100, '2026-01-01')];
    expect(summarizePoints(lines, '2026-11-26')).toEqual({ balance: 100, pending: 150, nextExpiry: { points: 100, on: '2027-06-01' } });
  });

  it('names the soonest expiry date with all the points expiring then', () => {
    const lines = [line('confirmed', 100, '2027-09-01'), line('confirmed', 50, '2027-06-01'), line('confirmed', 100, '2027-06-01')];
    expect(summarizePoints(lines, '2026-11-26')).toEqual({ balance: 250, pending: 0, nextExpiry: { points: 150, on: '2027-06-01' } });
  });

  it('leaves out points whose expiry date has come, even before the expiry job marks them', () => {
    const lines = [line('confirmed', 100, '2027-06-01'), line('confirmed', 50, '2027-06-02')];
    expect(summarizePoints(lines, '2027-05-31')).toMatchObject({ balance: 150, nextExpiry: { points: 100, on: '2027-06-01' } });
    expect(summarizePoints(lines, '2027-06-01')).toMatchObject({ balance: 50, nextExpiry: { points: 50, on: '2027-06-02' } });
    expect(summarizePoints(lines, '2027-06-02')).toEqual({ balance: 0, pending: 0, nextExpiry: null });
  });

  it('counts only what is left of a line a spend drew from, and never goes below zero', () => {
    const lines = [line('confirmed', 100, '2027-06-01', 100), line('confirmed', 100, '2027-09-01', 30)];
    expect(summarizePoints(lines, '2026-11-26')).toEqual({ balance: 70, pending: 0, nextExpiry: { points: 70, on: '2027-09-01' } });
  });
});

describe('a points line’s states', () => {
  it('moves pending → confirmed → expired, back to pending on an undone admission, and to void from either open state', () => {
    expect(pointsStates.transition('pending', 'confirmed')).toBe('confirmed');
    expect(pointsStates.transition('confirmed', 'pending')).toBe('pending');
    expect(pointsStates.transition('confirmed', 'expired')).toBe('expired');
    expect(pointsStates.canMove('pending', 'void') && pointsStates.canMove('confirmed', 'void')).toBe(true);
  });

  it('never reopens a void or expired line, and never expires points that were not confirmed', () => {
    for (const to of ['pending', 'confirmed', 'void', 'expired'] as const) {
      expect(pointsStates.canMove('void', to)).toBe(false);
      expect(pointsStates.canMove('expired', to)).toBe(false);
    }
    expect(() => pointsStates.transition('pending', 'expired')).toThrow('member points: pending -> expired is not allowed');
  });
});
