// Members joined by day (the day of sign-up, in the attraction's time zone) and tokens issued by drop
// (issued in the period, counted on the day the issuer minted them; tokens still waiting are not counted;
// ended days summed ahead: tokens-days.ts).
import { and, count, gte, lt, sql } from 'drizzle-orm';
import { DROPS } from '@/config/drops';
import type { Database } from '@/server/db/client';
import { memberships } from '@/server/db/schema';
import { serverNow } from '@/server/clock';
import { localDay } from '@/server/db/sql-rows';
import { tokensIssuedByDrop } from './tokens-days';

export type MembersReport = { byDay: { date: string; joined: number }[]; total: number };
export type TokensReport = { byDrop: { dropId: string; issued: number }[]; total: number };

type Period = { start: Date; end: Date; days: string[]; timeZone: string };

export async function membersReport(db: Database, period: Period): Promise<MembersReport> {
  const day = localDay(sql`${memberships.joinedAt}`, period.timeZone);
  const rows = await db
    .select({ date: sql<string>`${day}`, joined: count() })
    .from(memberships)
    .where(and(gte(memberships.joinedAt, period.start), lt(memberships.joinedAt, period.end)))
    .groupBy(sql`1`);
  const joinedOn = new Map(rows.map((r) => [r.date, Number(r.joined)]));
  const byDay = period.days.map((date) => ({ date, joined: joinedOn.get(date) ?? 0 }));
  return { byDay, total: byDay.reduce((sum, d) => sum + d.joined, 0) };
}

/** `summed: false` counts the tokens alone (what the sums must equal: tests/integration/summed-days.test.ts). */
export async function tokensReport(db: Database, period: Period & { now?: Date }, options: { summed?: boolean } = {}): Promise<TokensReport> {
  const issuedOf = await tokensIssuedByDrop(db, period, period.now ?? serverNow(), options.summed !== false);
  // Every configured drop, in the configuration's order; a drop since removed still shows its tokens (by id).
  const ids = [...DROPS.map((d) => d.id), ...[...issuedOf.keys()].filter((id) => !DROPS.some((d) => d.id === id)).sort()];
  const byDrop = ids.map((dropId) => ({ dropId, issued: issuedOf.get(dropId) ?? 0 }));
  return { byDrop, total: byDrop.reduce((sum, d) => sum + d.issued, 0) };
}
