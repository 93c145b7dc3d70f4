// Fixed-window counters in the database, so that every server process shares one count.
import { lt, sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { AppError } from './errors';
import { rateLimitCounters } from './db/schema';
import type { RateLimit } from './env';
import { serverNow } from './clock';

const windowOf = (limit: RateLimit, now: Date) => new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
const secondsLeft = (windowStart: Date, limit: RateLimit, now: Date) => Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000);

/** Counts one attempt under each key and throws 429, with the longest wait as Retry-After, when any of
 * them is past its limit. Every limited action (sign-in, Book, booking changes, the wallet log, wrong keys) goes
 * through here. All the counters are one statement (a Book counts its member and its address: one round trip, not
 * two). The rows go in the order of their keys, so two requests that share counters lock them in the same order
 * and never deadlock; a key named twice is counted once. */
export async function enforceRateLimits(db: Database, counters: { key: string; limit: RateLimit }[], now = serverNow()): Promise<void> {
  const limits = new Map(counters.map(({ key, limit }) => [key, limit]));
  if (limits.size === 0) return;
  const keys = [...limits.keys()].sort();
  const counted = await db
    .insert(rateLimitCounters)
    .values(keys.map((key) => ({ key, windowStart: windowOf(limits.get(key)!, now), count: 1 })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ key: rateLimitCounters.key, windowStart: rateLimitCounters.windowStart, count: rateLimitCounters.count });
  // Now and then, forget windows that ended more than a day ago.
  if (Math.random() < 0.01) {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 86_400_000)));
  }
  const refused = counted.filter((row) => row.count > limits.get(row.key)!.max);
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((row) => secondsLeft(row.windowStart, limits.get(row.key)!, now)));
    throw new AppError('RATE_LIMITED', 'rateLimited', {}, { 'Retry-After': String(retryAfter) });
  }
}
