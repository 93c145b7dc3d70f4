// Members joined by day (the day of sign-up, in the attraction's time zone) and tokens issued by drop
// (issued in the period, counted on the day the issuer minted them; tokens still waiting are not counted).
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { DROPS } from '@/config/drops';
import type { Database } from '@/server/db/client';
import { memberships, tokenIssues } from '@/server/db/schema';
import { localDay } from '@/server/db/sql-rows';

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

export async function tokensReport(db: Database, period: Period): Promise<TokensReport> {
  const rows = await db
    .select({ dropId: tokenIssues.dropId, issued: count() })
    .from(tokenIssues)
    .where(and(eq(tokenIssues.status, 'issued'), gte(tokenIssues.issuedAt, period.start), lt(tokenIssues.issuedAt, period.end)))
    .groupBy(tokenIssues.dropId);
  const issuedOf = new Map(rows.map((r) => [r.dropId, Number(r.issued)]));
  // Every configured drop, in the configuration's order; a drop since removed still shows its tokens.
  const ids = [...DROPS.map((d) => d.id), ...rows.map((r) => r.dropId).filter((id) => !DROPS.some((d) => d.id === id))];
  const byDrop = ids.map((dropId) => ({ dropId, issued: issuedOf.get(dropId) ?? 0 }));
  return { byDrop, total: byDrop.reduce((sum, d) => sum + d.issued, 0) };
}
