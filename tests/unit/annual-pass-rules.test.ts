// The annual pass's rules (decision 0051): its year, its state as read on a day, the renewal window and a
// renewal's new end, each refusal of a visit in its order, and the pass's transition table.
import { describe, expect, it } from 'vitest';
import { passStates } from '@/modules/passes/pass-states';
import { canRenew, passEndAfterRenewal, passEndFrom, passStatusOn, passVisitRefusal, renewableFrom, type PassRules } from '@/universal/annual-pass-rules';

const RULES: PassRules = { validDays: 365, renewFromDaysBefore: 30, covers: [{ productId: 'main-deck', optionIds: ['main-deck-day'] }], upcomingVisitsAtATime: 1, visitorsPerVisit: 1 };
const ACTIVE = { status: 'ACTIVE' as const, startsOn: '2027-05-12', endsOn: '2028-05-10' };
const VISIT = { productId: 'main-deck', optionId: 'main-deck-day', tickets: 1, visitDate: '2027-06-01', closedDay: false, upcomingVisits: 0 };

describe('the annual pass rules', () => {
  it('runs a year of 365 days, both ends included (2028 is a leap year)', () => {
    expect(passEndFrom('2027-05-12', 365)).toBe('2028-05-10');
    expect(passEndFrom('2027-01-01', 365)).toBe('2027-12-31');
  });

  it('reads expired after its last day, not on it', () => {
    expect(passStatusOn(ACTIVE, '2028-05-10')).toBe('ACTIVE');
    expect(passStatusOn(ACTIVE, '2028-05-11')).toBe('EXPIRED');
    expect(passStatusOn({ status: 'UNCLAIMED', startsOn: null, endsOn: null }, '2030-01-01')).toBe('UNCLAIMED');
  });

  it('is renewable from 30 days before its end until its last day, and a renewal adds a year to the old end', () => {
    expect(renewableFrom('2028-05-10', RULES)).toBe('2028-04-10');
    expect(canRenew(ACTIVE, '2028-04-09', RULES)).toBe(false);
    expect(canRenew(ACTIVE, '2028-04-10', RULES)).toBe(true);
    expect(canRenew(ACTIVE, '2028-05-10', RULES)).toBe(true);
    expect(canRenew(ACTIVE, '2028-05-11', RULES)).toBe(false);
    expect(canRenew({ status: 'UNCLAIMED', startsOn: null, endsOn: null }, '2028-05-01', RULES)).toBe(false);
    expect(passEndAfterRenewal('2028-05-10', 365)).toBe('2029-05-10');
  });

  it('allows a covered visit of one visitor on an open day within the year', () => {
    expect(passVisitRefusal(ACTIVE, VISIT, RULES)).toBeNull();
    expect(passVisitRefusal(ACTIVE, { ...VISIT, visitDate: '2028-05-10' }, RULES)).toBeNull();
  });

  it('names the first rule a visit breaks', () => {
    expect(passVisitRefusal(undefined, VISIT, RULES)).toBe('passNone');
    expect(passVisitRefusal({ status: 'PENDING_PAYMENT', startsOn: null, endsOn: null }, VISIT, RULES)).toBe('passNotActive');
    expect(passVisitRefusal(ACTIVE, { ...VISIT, visitDate: '2028-05-11' }, RULES)).toBe('passExpired');
    expect(passVisitRefusal(ACTIVE, { ...VISIT, visitDate: '2027-05-11' }, RULES)).toBe('passNotStarted');
    expect(passVisitRefusal(ACTIVE, { ...VISIT, optionId: 'top-deck-day' }, RULES)).toBe('passOptionNotCovered');
    expect(passVisitRefusal(ACTIVE, { ...VISIT, productId: 'express-pass' }, RULES)).toBe('passOptionNotCovered');
    expect(passVisitRefusal(ACTIVE, { ...VISIT, tickets: 2 }, RULES)).toBe('passVisitors');
    expect(passVisitRefusal(ACTIVE, { ...VISIT, closedDay: true }, RULES)).toBe('passClosedDay');
    expect(passVisitRefusal(ACTIVE, { ...VISIT, upcomingVisits: 1 }, RULES)).toBe('passVisitPending');
    expect(passVisitRefusal(ACTIVE, { ...VISIT, upcomingVisits: 1 }, { ...RULES, upcomingVisitsAtATime: 2 })).toBeNull();
  });

  it('moves only along its transition table', () => {
    expect(passStates.transition('PENDING_PAYMENT', 'ACTIVE')).toBe('ACTIVE');
    expect(passStates.transition('PENDING_PAYMENT', 'UNCLAIMED')).toBe('UNCLAIMED');
    expect(passStates.transition('UNCLAIMED', 'ACTIVE')).toBe('ACTIVE');
    expect(() => passStates.transition('ACTIVE', 'UNCLAIMED')).toThrow(/annual pass: ACTIVE -> UNCLAIMED/);
    expect(() => passStates.transition('UNCLAIMED', 'PENDING_PAYMENT')).toThrow();
  });
});
