// The sales report's days summed ahead (decision 0057): the recurring `reports.sales-days` job sums every
// ended local date of the ledger (sales-ledger.ts) into `sales_days`, by channel and product; the report
// reads those sums and takes from the ledger itself only what they do not hold exactly:
// - the days after the last one summed (today, and any day the job has not reached yet);
// - summed days that a later write changed: an order whose tickets a change of booking replaced (its
//   payment's day counts its tickets), a reseller's booking amended after it was confirmed.
// Every write is stamped (serverNow) before it commits; one stamped more than SETTLE_MS before a run has
// committed by then, so a day that ended that long before a run is complete when summed, and the changes
// looked for are those stamped since the last run's start less SETTLE_MS.
import { eq, sql } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { salesDaysState } from '@/server/db/schema';
import { localDay, rowsOf } from '@/server/db/sql-rows';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { WEBSITE_RESELLER } from '../resellers/reseller-keys';
import { rangeInstants } from './report-range';
import { salesLedger, type Span } from './sales-ledger';
import type { JobHandlers } from '../jobs/run-due-jobs';
import { log } from '@/server/log';

/** The one row of `sales_days_state`. */
const STATE_ID = 'sales';
/** Longer than any transaction: a write stamped this long ago has committed. */
export const SETTLE_MS = 15 * 60_000;
const WEBSITE = sql.raw(`'${WEBSITE_RESELLER}'`);

type State = { timeZone: string; through: string; consistentAt: Date };

/** The local dates (in `timeZone`) whose figures writes stamped since `since` changed. */
async function changedDays(db: Database, since: Date, timeZone: string): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select ${localDay(sql.raw('p.confirmed_at'), timeZone)} as day
        from orders o join payments p on p.id = o.payment_id
        where p.state = 'confirmed' and o.id in (
          select c.order_id from booking_changes c where c.created_at >= ${since}
          union all
          select c.order_id from payments cp join booking_changes c on c.payment_id = cp.id where cp.confirmed_at >= ${since})
        union
        select ${localDay(sql.raw('b.confirmed_at'), timeZone)} from bookings b
        where b.reseller_id <> ${WEBSITE} and b.updated_at >= ${since} and b.confirmed_at is not null
        union
        select ${localDay(sql.raw('b.cancelled_at'), timeZone)} from bookings b
        where b.reseller_id <> ${WEBSITE} and b.updated_at >= ${since} and b.cancelled_at is not null`,
  );
  return rows.map((r) => r.day);
}

/** Consecutive local dates (in order) as spans of time, within [start, end). */
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

/** What the report of a period reads: the summed days (`from` to `to`, less `except`), and the spans of time to
 * read from the ledger (all of the period when nothing is summed for it). */
export type SalesDaysPlan = { summed?: { from: string; to: string; except: string[] }; ledger: Span[] };

export async function salesDaysPlan(db: Database, period: { start: Date; end: Date; days: string[]; timeZone: string }, now: Date): Promise<SalesDaysPlan> {
  const everything: SalesDaysPlan = { ledger: [{ start: period.start, end: period.end }] };
  const [first, last] = [period.days[0], period.days.at(-1)];
  if (!first || !last) return everything;
  const [state] = await db.select().from(salesDaysState).where(eq(salesDaysState.id, STATE_ID));
  // Nothing summed in this time zone or period, or a clock set back behind the last run (a test's).
  if (!state || state.timeZone !== period.timeZone || state.through < first || now < state.consistentAt) return everything;
  const changed = new Set(await changedDays(db, new Date(state.consistentAt.getTime() - SETTLE_MS), period.timeZone));
  const to = state.through < last ? state.through : last;
  const fromLedger = period.days.filter((day) => day > to || changed.has(day));
  return {
    summed: { from: first, to, except: fromLedger.filter((day) => day <= to) },
    ledger: spansOf(fromLedger, period.timeZone, period),
  };
}

/** Replaces the sums of `days` (consecutive or not) with the ledger's. */
async function sumDays(db: Database, days: string[], timeZone: string): Promise<void> {
  if (!days.length) return;
  await db.execute(sql`delete from sales_days where date in (${sql.join(days.map((d) => sql`${d}`), sql`, `)})`);
  await db.execute(sql`
    insert into sales_days (date, channel, product_id, bookings, tickets, gross, refunds)
    select ${localDay(sql.raw('at'), timeZone)}, channel, product_id, sum(bookings), sum(tickets), sum(gross), sum(refunds)
    from (${salesLedger(spansOf(days, timeZone))}) entries group by 1, 2, 3`);
}

/** Days summed at most in one transaction (the first run sums the whole ledger, a month at a time). */
const CHUNK_DAYS = 31;

/** The state's row, locked for the transaction (made the first time): two runs at once take turns. */
async function lockedState(t: Database, timeZone: string, now: Date): Promise<State> {
  await t.insert(salesDaysState).values({ id: STATE_ID, timeZone, through: '', consistentAt: now }).onConflictDoNothing();
  const [state] = await t.select().from(salesDaysState).where(eq(salesDaysState.id, STATE_ID)).for('update');
  return state!;
}

/**
 * The job's run at `now`: the summed days changed since the last run summed again, then every local date that
 * ended SETTLE_MS before `now` and is not summed yet, a month per transaction (each short; a report in
 * between reads the days summed so far). Answers how many days it summed.
 */
export async function sumSalesDays(db: Database, now: Date, timeZone = TIME_ZONE): Promise<number> {
  const lastEnded = addLocalDays(todayIn(timeZone, new Date(now.getTime() - SETTLE_MS)), -1);
  let summed = 0;
  // The first sale's day, where sums start when none are made yet.
  const start = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const state = await lockedState(t, timeZone, now);
    if (state.timeZone !== timeZone || now < state.consistentAt) {
      // Another time zone, or the clock set back: the sums start again.
      await t.execute(sql`delete from sales_days`);
      state.through = '';
    } else if (state.through !== '') {
      const changed = (await changedDays(t, new Date(state.consistentAt.getTime() - SETTLE_MS), timeZone)).filter((day) => day <= state.through).sort();
      await sumDays(t, changed, timeZone);
      summed += changed.length;
    }
    await t.update(salesDaysState).set({ timeZone, through: state.through, consistentAt: now }).where(eq(salesDaysState.id, STATE_ID));
    const [first] = await rowsOf<{ at: Date | null }>(
      t,
      sql`select least((select min(confirmed_at) from payments where state = 'confirmed'), (select min(created_at) from refunds),
            (select min(confirmed_at) from bookings where reseller_id <> ${WEBSITE})) as at`,
    );
    return first?.at ? todayIn(timeZone, new Date(first.at)) : undefined;
  });
  // With no sale yet, nothing is summed (the first sale's day is where the sums will start).
  if (!start) return summed;
  for (;;) {
    const days = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const state = await lockedState(t, timeZone, now);
      const from = state.through === '' ? start : addLocalDays(state.through, 1);
      const list: string[] = [];
      for (let day = from; day <= lastEnded && list.length < CHUNK_DAYS; day = addLocalDays(day, 1)) list.push(day);
      if (!list.length) return 0;
      await sumDays(t, list, timeZone);
      await t.update(salesDaysState).set({ through: list.at(-1)! }).where(eq(salesDaysState.id, STATE_ID));
      return list.length;
    });
    if (!days) return summed;
    summed += days;
  }
}

/** The runner's handler of `reports.sales-days` (src/wiring/jobs.ts; tests run it with a clock of their own). */
export function salesDaysJobHandlers(db: Database): Pick<JobHandlers, 'reports.sales-days'> {
  return {
    'reports.sales-days': async (_, job) => {
      const days = await sumSalesDays(db, job.now);
      if (days > 0) log.info(`[reports] ${days} day(s) of sales summed`);
    },
  };
}
