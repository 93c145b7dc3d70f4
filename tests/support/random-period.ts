// Random data over a period of local days, for the tests that check summed reports against their rows
// (summed-days.test.ts, program-sums.test.ts). Seeded, so that a failure names the seed that made it.
import crypto from 'node:crypto';
import { rangeInstants } from '@/modules/reports/report-range';
import { SETTLE_MS } from '@/modules/reports/summed-days';
import { serverNow } from '@/server/clock';
import { addLocalDays, todayIn } from '@/universal/local-date';

export type Random = { next: () => number; int: (min: number, max: number) => number; pick: <T>(list: T[]) => T };

/** A small seeded generator (mulberry32). */
export function generator(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)), pick: (list) => list[Math.floor(next() * list.length)]! };
}

/** A generator on a fresh random seed, and the seed, for the failure messages. */
export function seededRandom(): { seed: number; random: Random } {
  const seed = crypto.randomInt(2 ** 31);
  return { seed, random: generator(seed) };
}

/** The last `days` local dates up to now (the server's clock) in `timeZone`, with a seeded generator and its
 * instants (periodInstants). */
export function randomPeriod(days: number, timeZone: string) {
  const { seed, random } = seededRandom();
  const now = serverNow();
  const today = todayIn(timeZone, now);
  const first = addLocalDays(today, -(days - 1));
  return { seed, random, now, today, first, ...periodInstants(random, { first, now, timeZone }) };
}

/** Instants of the local days from `first` to `now`'s day in `timeZone`, drawn by `random`. */
export function periodInstants(random: Random, { first, now, timeZone }: { first: string; now: Date; timeZone: string }) {
  const start = rangeInstants({ from: first, to: first }, timeZone).start;
  /** An instant of the period (never before its first day), any hour, some a minute from a local midnight, never after `latest`. */
  const instant = (latest = now) => {
    const at = new Date(start.getTime() + random.next() * (latest.getTime() - start.getTime()));
    if (random.next() < 0.15) {
      const { end } = rangeInstants({ from: todayIn(timeZone, at), to: todayIn(timeZone, at) }, timeZone);
      const edge = new Date(end.getTime() - random.int(1, 90) * 1000);
      return edge < latest ? edge : at;
    }
    return at;
  };
  /** An instant of the period's first day: a row there makes the first run sum every day of the period. */
  const onFirstDay = () => new Date(start.getTime() + random.int(60, 23 * 3600) * 1000);
  /** A later write's instant, after `from` and settled before a first run at `now` (SETTLE_MS before it): a
   * write within the settling window is one the run may not have seen, which the plan rightly reads again. */
  const settledAfter = (from: Date) => {
    const settled = now.getTime() - SETTLE_MS;
    return new Date(from.getTime() + random.next() * Math.max(0, settled - from.getTime()));
  };
  return { instant, onFirstDay, settledAfter };
}
