// The Sky Moments rules, pure (decision 0043): whether a member's visits complete a challenge, and how far
// along they are. A visit is a counted visit date (New York, "yyyy-MM-dd"); the slot rule also looks at the
// slots of the member's admitted bookings, each classed as the first or last start time of its option's day,
// and the party rule at their number of tickets.
import type { ChallengeRule } from '@/config/program-challenges-schema';
import { addLocalMonths } from './tier-rule';

/** `first`: the booking's slot is its option's first of the day (a one-slot option's only slot counts as
 * first: a sunrise); `last`: the option's last; null: neither, or an option with opening hours only. */
export type SlotPlace = 'first' | 'last' | null;
/** `slots` and `partySizes`: of the member's admitted bookings (their places in the day, their numbers of
 * tickets); the rules ask only whether one is among them, so bookings alike may come as one. */
export type ChallengeEvidence = { visitDates: string[]; slots: SlotPlace[]; partySizes: number[] };
/** `have` of `need` (e.g. 2 of 4 seasons); `done` once the rule is met (then `have` = `need`). */
export type ChallengeProgress = { done: boolean; have: number; need: number };

/** Meteorological seasons of the northern hemisphere: 0 spring (Mar-May), 1 summer, 2 autumn, 3 winter (Dec-Feb). */
export function seasonOf(localDate: string): number {
  const month = Number(localDate.slice(5, 7));
  return Math.floor(((month + 9) % 12) / 3);
}

/** Months since year 0: consecutive calendar months are consecutive numbers. */
const monthNumber = (localDate: string) => Number(localDate.slice(0, 4)) * 12 + Number(localDate.slice(5, 7)) - 1;

function seasonsWithin(dates: string[], withinMonths: number): boolean {
  const sorted = [...dates].sort();
  return sorted.some((start) => {
    const end = addLocalMonths(start, withinMonths);
    return new Set(sorted.filter((date) => date >= start && date < end).map(seasonOf)).size === 4;
  });
}

/** The longest run of consecutive months with a visit, and the run still alive (ending this month or last). */
function monthRuns(dates: string[], today: string): { longest: number; alive: number } {
  const months = [...new Set(dates.map(monthNumber))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  months.forEach((month, i) => {
    run = i > 0 && months[i - 1] === month - 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  const last = months.at(-1);
  const alive = last !== undefined && monthNumber(today) - last <= 1 ? run : 0;
  return { longest, alive };
}

export function challengeProgress(rule: ChallengeRule, evidence: ChallengeEvidence, today: string): ChallengeProgress {
  const { visitDates, slots } = evidence;
  switch (rule.kind) {
    case 'seasons': {
      if (seasonsWithin(visitDates, rule.withinMonths)) return { done: true, have: 4, need: 4 };
      // Seasons still within reach: those of the visits of the last `withinMonths`.
      const from = addLocalMonths(today, -rule.withinMonths);
      const have = new Set(visitDates.filter((date) => date > from && date <= today).map(seasonOf)).size;
      return { done: false, have, need: 4 };
    }
    case 'first-and-last-slot': {
      const have = Number(slots.includes('first')) + Number(slots.includes('last'));
      return { done: have === 2, have, need: 2 };
    }
    case 'months-in-a-row': {
      const { longest, alive } = monthRuns(visitDates, today);
      return longest >= rule.months ? { done: true, have: rule.months, need: rule.months } : { done: false, have: alive, need: rule.months };
    }
    case 'party-size': {
      const done = evidence.partySizes.some((tickets) => tickets >= rule.tickets);
      return { done, have: Number(done), need: 1 };
    }
  }
}

/** Where a slot starting at `startTime` ("HH:mm") stands in its option's day of `startTimes`. */
export function slotPlace(startTimes: string[], startTime: string): SlotPlace {
  if (startTimes.length === 0) return null;
  if (startTime === startTimes[0]) return 'first';
  return startTime === startTimes.at(-1) ? 'last' : null;
}
