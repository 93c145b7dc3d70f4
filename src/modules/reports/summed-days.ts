// Reports of ended days summed ahead (decision 0057): a recurring job (`reports.summed-days`) sums every
// ended local date of a report's rows into a table of its own; the report reads those sums and takes from
// the rows themselves only what they do not hold exactly: the days after the last one summed (today, and
// any day the job has not reached yet), and summed days that a later write changed (each report says which:
// sales-days.ts, occupancy-days.ts, visits-days.ts, tokens-days.ts, points-days.ts). Every write is stamped (serverNow) before it commits; one stamped more
// than SETTLE_MS before a run has committed by then, so a day that ended that long before a run is complete
// when summed, and the changes looked for are those stamped since the last run's start less SETTLE_MS.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { reportSumsState } from '@/server/db/schema';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { rangeInstants } from './report-range';
import type { Span } from './sales-ledger';

/** Longer than any transaction: a write stamped this long ago has committed. */
export const SETTLE_MS = 15 * 60_000;
/** Days summed at most in one transaction (the first run sums a year, a month at a time). */
const CHUNK_DAYS = 31;

/** What one report sums: its row of `report_sums_state`, and how its days are summed and found changed. */
export type SummedReport = {
  id: 'sales' | 'occupancy' | 'visits' | 'tokens' | 'points';
  /** The local dates (in `timeZone`) whose figures writes stamped since `since` changed. */
  changedDays: (db: Database, since: Date, timeZone: string) => Promise<string[]>;
  /** Replaces the sums of these days with their rows' (consecutive or not). */
  sumDays: (db: Database, days: string[], timeZone: string) => Promise<void>;
  /** The first local date with rows (none: nothing to sum). */
  firstDay: (db: Database, timeZone: string) => Promise<string | undefined>;
  /** Removes every sum (another time zone, a clock set back). */
  clear: (db: Database) => Promise<void>;
};

/** Consecutive local dates (in order) as spans of time, within `bounds` when given. */
export function spansOf(days: string[], timeZone: string, bounds?: Span): Span[] {
  const runs: { from: string; to: string }[] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addLocalDays(last.to, 1) === day) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs.map((run) => {
    const { start, end } = rangeInstants(run, timeZone);
    return bounds ? { start: start < bounds.start ? bounds.start : start, end: end > bounds.end ? bounds.end : end } : { start, end };
  });
}

/** What a report of a period reads: the summed days (`from` to `to`, less `except`), and the spans of time to
 * read from the rows (all of the period when nothing is summed for it). */
export type SummedPlan = { summed?: { from: string; to: string; except: string[] }; rows: Span[] };

/** The plan's summed days as a condition on a sums table's `date`: from `from` to `to`, less the days changed since. */
export function summedDates({ from, to, except }: NonNullable<SummedPlan['summed']>): SQL {
  const left = except.length ? sql` and date not in (${sql.join(except.map((d) => sql`${d}`), sql`, `)})` : sql``;
  return sql`date >= ${from} and date <= ${to}${left}`;
}

export async function summedPlan(db: Database, report: SummedReport, period: { start: Date; end: Date; days: string[]; timeZone: string }, now: Date): Promise<SummedPlan> {
  const everything: SummedPlan = { rows: [{ start: period.start, end: period.end }] };
  const [first, last] = [period.days[0], period.days.at(-1)];
  if (!first || !last) return everything;
  const [state] = await db.select().from(reportSumsState).where(eq(reportSumsState.id, report.id));
  // Nothing summed in this time zone or period, or a clock set back behind the last run (a test's).
  if (!state || state.timeZone !== period.timeZone || state.through < first || now < state.consistentAt) return everything;
  const changed = new Set(await report.changedDays(db, new Date(state.consistentAt.getTime() - SETTLE_MS), period.timeZone));
  const to = state.through < last ? state.through : last;
  const fromRows = period.days.filter((day) => day > to || changed.has(day));
  return { summed: { from: first, to, except: fromRows.filter((day) => day <= to) }, rows: spansOf(fromRows, period.timeZone, period) };
}

/** The report's row of the state, locked for the transaction (made the first time): two runs take turns. */
async function lockedState(t: Database, id: string, timeZone: string, now: Date) {
  await t.insert(reportSumsState).values({ id, timeZone, through: '', consistentAt: now }).onConflictDoNothing();
  const [state] = await t.select().from(reportSumsState).where(eq(reportSumsState.id, id)).for('update');
  return state!;
}

/**
 * A run at `now` for one report: the summed days changed since the last run summed again, then every local
 * date that ended SETTLE_MS before `now` and is not summed yet, a month per transaction (each short; a
 * report in between reads the days summed so far). Answers how many days it summed.
 */
export async function sumReportDays(db: Database, report: SummedReport, now: Date, timeZone: string): Promise<number> {
  const lastEnded = addLocalDays(todayIn(timeZone, new Date(now.getTime() - SETTLE_MS)), -1);
  let summed = 0;
  const start = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const state = await lockedState(t, report.id, timeZone, now);
    if (state.timeZone !== timeZone || now < state.consistentAt) {
      await report.clear(t);
      state.through = '';
    } else if (state.through !== '') {
      const changed = (await report.changedDays(t, new Date(state.consistentAt.getTime() - SETTLE_MS), timeZone)).filter((day) => day <= state.through).sort();
      await report.sumDays(t, changed, timeZone);
      summed += changed.length;
    }
    await t.update(reportSumsState).set({ timeZone, through: state.through, consistentAt: now }).where(eq(reportSumsState.id, report.id));
    return report.firstDay(t, timeZone);
  });
  // Nothing yet: the sums start at the first row's day, once there is one.
  if (!start) return summed;
  for (;;) {
    const days = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const state = await lockedState(t, report.id, timeZone, now);
      const from = state.through === '' ? start : addLocalDays(state.through, 1);
      const list: string[] = [];
      for (let day = from; day <= lastEnded && list.length < CHUNK_DAYS; day = addLocalDays(day, 1)) list.push(day);
      if (!list.length) return 0;
      await report.sumDays(t, list, timeZone);
      await t.update(reportSumsState).set({ through: list.at(-1)! }).where(eq(reportSumsState.id, report.id));
      return list.length;
    });
    if (!days) return summed;
    summed += days;
  }
}
