// The program report's points (decision 0044) of ended days summed ahead into `points_days` (decision 0064,
// summed-days.ts): of the lines earned each local date, by expiry date, what they earned and spent (not void)
// and what of the confirmed ones is left unspent; and what expired that date. Every write of a line stamps
// `updated_at` (the schema's $onUpdateFn), so the days a later write changed are the earning days of the
// lines stamped since (a spend drawn from an old line, a line voided or confirmed, one written late) and the
// expiry days of the lines expired since; those are read from the lines until the next run.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { localDay, rowsOf } from '@/server/db/sql-rows';
import { localDatesBetween } from '@/universal/local-date';
import { rangeInstants } from './report-range';
import { perSpan, type Span } from './sales-ledger';
import { spansOf, summedDates, summedPlan, type SummedReport } from './summed-days';

/** The lines of the spans as rows of (day, expiry date, earned, spent, expired, unspent). */
function pointsByDay(spans: Span[], timeZone: string): SQL {
  return perSpan(spans, (inSpans) => sql`
    select ${localDay(sql.raw('earned_at'), timeZone)} as day, coalesce(expires_on, '') as expires_on,
      coalesce(sum(points) filter (where state <> 'void' and points > 0), 0) as earned,
      coalesce(sum(-points) filter (where state <> 'void' and points < 0), 0) as spent, 0 as expired,
      coalesce(sum(points - spent) filter (where state = 'confirmed' and points > 0), 0) as unspent
    from member_points where ${inSpans(sql.raw('earned_at'))} group by 1, 2
    union all
    select ${localDay(sql.raw('closed_at'), timeZone)}, '', 0, 0, sum(points - spent), 0
    from member_points where state = 'expired' and ${inSpans(sql.raw('closed_at'))} group by 1`);
}

export const POINTS_SUMS: SummedReport = {
  id: 'points',
  changedDays: async (db, since, timeZone) => {
    const rows = await rowsOf<{ day: string }>(
      db,
      sql`select ${localDay(sql.raw('earned_at'), timeZone)} as day from member_points where updated_at >= ${since}
          union
          select ${localDay(sql.raw('closed_at'), timeZone)} from member_points where updated_at >= ${since} and state = 'expired'`,
    );
    return rows.map((r) => r.day);
  },
  sumDays: async (db, days, timeZone) => {
    if (!days.length) return;
    await db.execute(sql`delete from points_days where date in (${sql.join(days.map((d) => sql`${d}`), sql`, `)})`);
    await db.execute(sql`
      insert into points_days (date, expires_on, earned, spent, expired, unspent)
      select day, expires_on, sum(earned), sum(spent), sum(expired), sum(unspent) from (${pointsByDay(spansOf(days, timeZone), timeZone)}) lines group by 1, 2`);
  },
  firstDay: async (db, timeZone) => {
    const [first] = await rowsOf<{ day: string | null }>(
      db,
      sql`select ${localDay(sql`least((select min(earned_at) from member_points), (select min(closed_at) from member_points where state = 'expired'))`, timeZone)} as day`,
    );
    return first?.day ?? undefined;
  },
  clear: async (db) => {
    await db.execute(sql`delete from points_days`);
  },
};

export type PointsMoved = { earned: number; spent: number; expired: number };

/** Points earned, spent and expired in a period: the summed days' from `points_days`, the others' from the lines. */
export async function pointsMoved(db: Database, period: { start: Date; end: Date; days: string[]; timeZone: string }, now: Date, summed = true): Promise<PointsMoved> {
  const plan = summed ? await summedPlan(db, POINTS_SUMS, period, now) : { rows: [{ start: period.start, end: period.end }] };
  const parts = [
    perSpan(plan.rows, (inRow) => sql`select coalesce(sum(points) filter (where points > 0), 0) as earned, coalesce(sum(-points) filter (where points < 0), 0) as spent, 0 as expired
        from member_points where state <> 'void' and ${inRow(sql.raw('earned_at'))}`),
    perSpan(plan.rows, (inRow) => sql`select 0, 0, coalesce(sum(points - spent), 0) from member_points where state = 'expired' and ${inRow(sql.raw('closed_at'))}`),
  ];
  if (plan.summed) {
    parts.push(sql`select coalesce(sum(earned), 0), coalesce(sum(spent), 0), coalesce(sum(expired), 0) from points_days where ${summedDates(plan.summed)}`);
  }
  const [row] = await rowsOf<PointsMoved>(
    db,
    sql`select sum(earned)::float8 as earned, sum(spent)::float8 as spent, sum(expired)::float8 as expired from (${sql.join(parts, sql` union all `)}) parts`,
  );
  return { earned: Number(row?.earned ?? 0), spent: Number(row?.spent ?? 0), expired: Number(row?.expired ?? 0) };
}

/** Points outstanding on `today` (confirmed, unspent, expiring after it), over every line: the summed days'
 * unspent points from `points_days`, and from the lines those of the days not summed or changed since, and
 * any line earned before the first summed day or after today. */
export async function pointsOutstanding(db: Database, today: string, timeZone: string, now: Date, summed = true): Promise<number> {
  const open = sql`state = 'confirmed' and points > 0 and expires_on > ${today}`;
  const [first] = summed ? await rowsOf<{ day: string | null }>(db, sql`select min(date) as day from points_days`) : [];
  if (!first?.day || first.day > today) {
    const [all] = await rowsOf<{ unspent: number }>(db, sql`select coalesce(sum(points - spent), 0)::float8 as unspent from member_points where ${open}`);
    return Number(all?.unspent ?? 0);
  }
  const { start, end } = rangeInstants({ from: first.day, to: today }, timeZone);
  const plan = await summedPlan(db, POINTS_SUMS, { start, end, days: localDatesBetween(first.day, today), timeZone }, now);
  const parts = [
    sql`select coalesce(sum(points - spent), 0) as unspent from member_points where ${open} and (earned_at < ${start} or earned_at >= ${end})`,
    perSpan(plan.rows, (inRow) => sql`select coalesce(sum(points - spent), 0) from member_points where ${open} and ${inRow(sql.raw('earned_at'))}`),
  ];
  if (plan.summed) {
    parts.push(sql`select coalesce(sum(unspent), 0) from points_days where expires_on > ${today} and ${summedDates(plan.summed)}`);
  }
  const [row] = await rowsOf<{ unspent: number }>(db, sql`select sum(unspent)::float8 as unspent from (${sql.join(parts, sql` union all `)}) parts`);
  return Number(row?.unspent ?? 0);
}
