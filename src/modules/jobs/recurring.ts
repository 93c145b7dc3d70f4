// A recurring kind is one job per period, named by its dedupe key: however many runners enqueue a period,
// it exists once. Each run enqueues the next period; start-up enqueues the current one.
import type { JobKind } from './job-kinds';

export function recurringKey(kind: JobKind, periodStart: Date): string {
  return `${kind}@${periodStart.toISOString()}`;
}

/** The start of the period after the one holding `now` (a late run does not replay the periods it missed). */
export function nextPeriodStart(everyMs: number, now: Date): Date {
  return new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs);
}

export function currentPeriodStart(everyMs: number, now: Date): Date {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs);
}
