// Fixed-window counters in the database, so that every server process shares one count.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { rateLimitCounters } from './db/schema';
import type { RateLimit } from './env';

export type Verdict = { allowed: boolean; retryAfterSeconds: number };

const windowOf = (limit: RateLimit, now: Date) => new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
const secondsLeft = (windowStart: Date, limit: RateLimit, now: Date) => Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000);

/** Says whether one more attempt under `key` would be within `limit`, without counting it. */
export async function peekAttempt(db: Database, key: string, limit: RateLimit, now = new Date()): Promise<Verdict> {
  const windowStart = windowOf(limit, now);
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
  return { allowed: (row?.count ?? 0) < limit.max, retryAfterSeconds: secondsLeft(windowStart, limit, now) };
}

/** Counts one attempt under `key` and says whether it is within `limit`. */
export async function countAttempt(db: Database, key: string, limit: RateLimit, now = new Date()): Promise<Verdict> {
  const windowStart = windowOf(limit, now);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  // Now and then, forget windows that ended more than a day ago.
  if (Math.random() < 0.01) {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 86_400_000)));
  }
  return { allowed: (row?.count ?? 1) <= limit.max, retryAfterSeconds: secondsLeft(windowStart, limit, now) };
}
