// The tier rule, pure: a member's tier is the highest whose visit threshold their visits in the window
// reach; a visit counts while its date is within `windowMonths` of today (New York dates, "yyyy-MM-dd").
import type { Program, ProgramTier } from '@/config/program-schema';
import { addLocalDays } from '@/universal/local-date';

/** `localDate` moved by whole months, the day kept or, past the month's end, its last day (03-31 − 1 → 02-28). */
export function addLocalMonths(localDate: string, months: number): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The earliest visit date still counted today: visits on or after it are in the window. */
export function windowStart(program: Program, today: string): string {
  return addLocalDays(addLocalMonths(today, -program.windowMonths), 1);
}

/** The first date a visit of `visitDate` no longer counts: the first day whose window starts after it (found
 * from the window itself, so that the two agree at month ends: a visit on 2028-02-29 counts through
 * 2029-02-28 and ages out on 2029-03-01). */
export function agesOutOn(program: Program, visitDate: string): string {
  let day = addLocalDays(addLocalMonths(visitDate, program.windowMonths), -3);
  while (windowStart(program, day) <= visitDate) day = addLocalDays(day, 1);
  return day;
}

export function tierFor(program: Program, visits: number): ProgramTier {
  return program.tiers.reduce((reached, tier) => (visits >= tier.visits ? tier : reached), program.tiers[0]!);
}

/** The tier after the member's, and the visits still missing to it; null at the top. */
export function nextTierFor(program: Program, visits: number): { tier: ProgramTier; visitsToGo: number } | null {
  const next = program.tiers.find((tier) => tier.visits > visits);
  return next ? { tier: next, visitsToGo: next.visits - visits } : null;
}
