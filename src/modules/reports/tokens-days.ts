// The tokens report's ended days summed ahead into `tokens_days` (decision 0064, summed-days.ts): by local date
// and drop, the tokens issued. A token counts on the day the issuer minted it, and that day is its stamp:
// `issued_at` is set (serverNow) by the write that issues it, and a token never leaves `issued`. So the only
// days a later write can reach are those of the tokens issued since: the days after the last summed one, and
// the day a write stamped just before a run committed after it (the margin of summed-days.ts).
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { localDay, rowsOf } from '@/server/db/sql-rows';
import { perSpan, type Span } from './sales-ledger';
import { spansOf, summedDates, summedPlan, type SummedPlan, type SummedReport } from './summed-days';

/** The tokens issued in the spans, by local date and drop (token_issues_issued_idx: from the index alone). */
function issuedByDay(spans: Span[], timeZone: string) {
  return perSpan(spans, (inSpan) => sql`select ${localDay(sql.raw('issued_at'), timeZone)} as day, drop_id, count(*)::int as issued
    from token_issues where status = 'issued' and ${inSpan(sql.raw('issued_at'))} group by 1, 2`);
}

export const TOKENS_SUMS: SummedReport = {
  id: 'tokens',
  changedDays: async (db, since, timeZone) => {
    const rows = await rowsOf<{ day: string }>(
      db,
      sql`select distinct ${localDay(sql.raw('issued_at'), timeZone)} as day from token_issues where status = 'issued' and issued_at >= ${since}`,
    );
    return rows.map((r) => r.day);
  },
  sumDays: async (db, days, timeZone) => {
    if (!days.length) return;
    await db.execute(sql`delete from tokens_days where date in (${sql.join(days.map((d) => sql`${d}`), sql`, `)})`);
    await db.execute(sql`insert into tokens_days (date, drop_id, issued) ${issuedByDay(spansOf(days, timeZone), timeZone)}`);
  },
  firstDay: async (db, timeZone) => {
    const [first] = await rowsOf<{ day: string | null }>(
      db,
      sql`select ${localDay(sql`(select min(issued_at) from token_issues where status = 'issued')`, timeZone)} as day`,
    );
    return first?.day ?? undefined;
  },
  clear: async (db) => {
    await db.execute(sql`delete from tokens_days`);
  },
};

/** The tokens issued in a period by drop: the summed days' from `tokens_days`, the others' from the tokens. */
export async function tokensIssuedByDrop(db: Database, period: { start: Date; end: Date; days: string[]; timeZone: string }, now: Date, summed = true): Promise<Map<string, number>> {
  const plan: SummedPlan = summed ? await summedPlan(db, TOKENS_SUMS, period, now) : { rows: [{ start: period.start, end: period.end }] };
  const parts = [];
  if (plan.summed) {
    parts.push(sql`select drop_id, issued from tokens_days where ${summedDates(plan.summed)}`);
  }
  if (plan.rows.length) parts.push(sql`select drop_id, issued from (${issuedByDay(plan.rows, period.timeZone)}) read`);
  if (!parts.length) return new Map();
  const rows = await rowsOf<{ drop_id: string; issued: number }>(db, sql`select drop_id, sum(issued)::int as issued from (${sql.join(parts, sql` union all `)}) t group by 1`);
  return new Map(rows.map((r) => [r.drop_id, Number(r.issued)]));
}
