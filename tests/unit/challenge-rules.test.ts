// The Sky Moments rules, pure (decision 0043): seasons within a window, calendar months in a row, the first
// and last slot of a day, a party's size; and the progress the profile shows before each is done.
import { describe, expect, it } from 'vitest';
import { challengeProgress, seasonOf, slotPlace, type ChallengeEvidence } from '@/modules/program/challenge-rules';

const visits = (visitDates: string[], more: Partial<ChallengeEvidence> = {}): ChallengeEvidence => ({ visitDates, slots: [], partySizes: [], ...more });
const SEASONS = { kind: 'seasons', withinMonths: 12 } as const;
const MONTHS = { kind: 'months-in-a-row', months: 3 } as const;

describe('the Sky Moments rules', () => {
  it('names the meteorological seasons: spring from March, winter from December to February', () => {
    expect(['2027-03-01', '2027-05-31', '2027-06-01', '2027-09-15', '2027-11-30', '2027-12-01', '2028-02-29'].map(seasonOf)).toEqual([0, 0, 1, 2, 2, 3, 3]);
  });

  it('completes four seasons only within 12 months of the first of them', () => {
    expect(challengeProgress(SEASONS, visits(['2027-05-19', '2027-07-01', '2027-10-13', '2028-01-12']), '2028-01-12')).toEqual({ done: true, have: 4, need: 4 });
    // The only spring visit is more than 12 months before the winter one.
    expect(challengeProgress(SEASONS, visits(['2026-04-01', '2027-07-01', '2027-10-13', '2028-01-12']), '2028-01-12')).toEqual({ done: false, have: 3, need: 4 });
    // Progress counts the seasons of the last 12 months: what can still be completed.
    expect(challengeProgress(SEASONS, visits(['2026-04-01', '2027-07-01', '2027-10-13']), '2027-11-01')).toEqual({ done: false, have: 2, need: 4 });
  });

  it('completes three calendar months in a row, across a new year, and shows the run still alive', () => {
    expect(challengeProgress(MONTHS, visits(['2027-11-30', '2027-12-01', '2028-01-31']), '2028-02-01')).toEqual({ done: true, have: 3, need: 3 });
    expect(challengeProgress(MONTHS, visits(['2027-05-12', '2027-06-30']), '2027-07-02')).toEqual({ done: false, have: 2, need: 3 });
    // A month without a visit breaks the run.
    expect(challengeProgress(MONTHS, visits(['2027-05-12', '2027-06-30', '2027-08-01']), '2027-08-02')).toEqual({ done: false, have: 1, need: 3 });
    expect(challengeProgress(MONTHS, visits(['2027-05-12', '2027-06-30']), '2027-09-01')).toEqual({ done: false, have: 0, need: 3 });
  });

  it('places a slot first or last in its day; a one-slot day is a sunrise', () => {
    expect(slotPlace(['09:00', '09:30', '21:30'], '09:00')).toBe('first');
    expect(slotPlace(['09:00', '09:30', '21:30'], '21:30')).toBe('last');
    expect(slotPlace(['09:00', '09:30', '21:30'], '09:30')).toBeNull();
    expect(slotPlace(['06:30'], '06:30')).toBe('first');
    const pair = { kind: 'first-and-last-slot' } as const;
    expect(challengeProgress(pair, visits(['2027-06-16'], { slots: ['first', null] }), '2027-06-16')).toEqual({ done: false, have: 1, need: 2 });
    expect(challengeProgress(pair, visits(['2027-06-16'], { slots: ['first', 'last'] }), '2027-06-16')).toEqual({ done: true, have: 2, need: 2 });
  });

  it('completes the party challenge with one booking of enough tickets', () => {
    const party = { kind: 'party-size', tickets: 6 } as const;
    expect(challengeProgress(party, visits([], { partySizes: [2, 5] }), '2027-06-16').done).toBe(false);
    expect(challengeProgress(party, visits([], { partySizes: [2, 6] }), '2027-06-16').done).toBe(true);
  });
});
