// Fixed-window counters in the database, so that every server process shares one count.
import { lt, sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { AppError } from './errors';
import { rateLimitCounters } from './db/schema';
import type { RateLimit } from './env';
import { serverNow } from './clock';

export type Verdict = { allowed: boolean; retryAfterSeconds: number };

const windowOf = (limit: RateLimit, now: Date) => new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
const secondsLeft = (windowStart: Date, limit: RateLimit, now: Date) => Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000);

/** Counts one attempt under `key` and says whether it is within `limit`. */
export async function countAttempt(db: Database, key: string, limit: RateLimit, now = serverNow()): Promise<Verdict> {
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

/** Counts one attempt under each key and throws 429, with the longest wait as Retry-After, when any of
 * them is past its limit. Every limited action (sign-in, Book, booking changes, the wallet log, wrong keys) goes through here. */
export async function enforceRateLimits(db: Database, counters: { key: string; limit: RateLimit }[], now = serverNow()): Promise<void> {
  const verdicts = await Promise.all(counters.map(({ key, limit }) => countAttempt(db, key, limit, now)));
  const refused = verdicts.filter((v) => !v.allowed);
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((v) => v.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', 'rateLimited', {}, { 'Retry-After': String(retryAfter) });
  }
}
