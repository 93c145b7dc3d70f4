// Days closed by a manager, with their reason: for the staff calendar and for visitors' calendar.
import { and, gte, lte } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { dayClosures } from '@/server/db/schema';

export type Closure = { date: string; reason: string; closedBy: string | null; closedAt: string };

export async function closuresBetween(db: Database, firstDate: string, lastDate: string): Promise<Map<string, Closure>> {
  const rows = await db.select().from(dayClosures).where(and(gte(dayClosures.localDate, firstDate), lte(dayClosures.localDate, lastDate)));
  return new Map(rows.map((r) => [r.localDate, { date: r.localDate, reason: r.reason, closedBy: r.closedBy, closedAt: r.closedAt.toISOString() }]));
}

/** The reasons alone, for visitors' calendar. */
export async function closureReasons(db: Database, firstDate: string, lastDate: string): Promise<Map<string, string>> {
  const closures = await closuresBetween(db, firstDate, lastDate);
  return new Map([...closures].map(([date, c]) => [date, c.reason]));
}
