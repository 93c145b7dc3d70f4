// Fixed-window counters in the database, so that every server process shares one count.
import { lt, sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { rateLimitCounters } from './db/schema';
import type { RateLimit } from './env';

export type Verdict = { allowed: boolean; retryAfterSeconds: number };

/** Counts one attempt under `key` and says whether it is within `limit`. */
export async function countAttempt(db: Database, key: string, limit: RateLimit, now = new Date()): Promise<Verdict> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
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
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000);
  return { allowed: (row?.count ?? 1) <= limit.max, retryAfterSeconds };
}
