// What a server reads of the on-sales, shared by every ask it answers within a moment (decision 0061): on the
// biggest day thousands of buyers ask where they stand each second, and all of them need the same row. With
// `deps.cacheMs` (the site sets it; tests read afresh), each server reads an on-sale's row (and ticks it,
// tick-queue.ts) at most once per `cacheMs`, one read at a time, and the asks in between share the answer. The
// row on the database stays the one truth: a cache is never written back, and two servers still move the line
// once (the tick's row lock). What it costs: a change reaches this server's answers up to `cacheMs` late (up to
// ONSALE_STALE_MS while the database is slow to answer this server's next read).
import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { onsaleQueue, onsales } from '@/server/db/schema';
import { processGlobal } from '@/universal/process-global';
import type { OnsaleDeps } from './deps';
import { LIVE_ONSALE_STATUSES } from './onsale-states';
import type { OnsaleRow } from './onsale-row';
import { tickQueue } from './tick-queue';

/** What the site answers from: half a second, within the queue's tick (a second), so the line on every
 * server moves each second and the sold-out news is at most half a second older than the database's. */
export const ONSALE_CACHE_MS = 500;

/** How old a copy of a row may be answered while this server's next read of it is under way: the read ticks the
 * line, whose commit waits on a busy database, and every waiting buyer's answer should not wait with it. Past
 * it, asks wait for the read (and meet the queue's timeout: busy). */
export const ONSALE_STALE_MS = 5_000;

type Cached<T> = { value?: T; at: number; reading?: Promise<T> };

const rows = processGlobal('onsale-rows', () => new Map<string, Cached<OnsaleRow | undefined>>());
const prequeueCounts = processGlobal('onsale-prequeue-counts', () => new Map<string, Cached<number>>());
const liveLists = processGlobal('onsale-live-lists', () => new Map<string, Cached<OnsaleRow[]>>());
const drawn = processGlobal('onsale-drawn-positions', () => new Map<string, Cached<Map<string, number>>>());

/** `read`'s answer, at most `ms` old, with one read at a time per key; `ms` 0: read afresh each time. While a
 * read is under way, a copy younger than `staleMs` is answered at once instead of waiting for it. */
async function shared<T>(cache: Map<string, Cached<T>>, key: string, ms: number, read: () => Promise<T>, staleMs = 0): Promise<T> {
  if (ms <= 0) return read();
  const hit = cache.get(key);
  // Durations on the real clock: the shop's clock may be fixed (tests, demos).
  const age = hit && 'value' in hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
  if (age < ms) return hit!.value as T;
  const reading = hit?.reading ?? startReading(cache, key, hit, read);
  if (age < staleMs) {
    // Its failure is the next asker's to meet; this answer is the copy.
    reading.catch(() => undefined);
    return hit!.value as T;
  }
  return reading;
}

function startReading<T>(cache: Map<string, Cached<T>>, key: string, hit: Cached<T> | undefined, read: () => Promise<T>): Promise<T> {
  const entry: Cached<T> = hit ?? { at: 0 };
  const reading = read().then(
    (value) => {
      cache.set(key, { value, at: Date.now() });
      return value;
    },
    (error: unknown) => {
      delete entry.reading;
      throw error;
    },
  );
  entry.reading = reading;
  cache.set(key, entry);
  // A few on-sales at a time; forget the oldest beyond that.
  if (cache.size > 20) cache.delete(cache.keys().next().value!);
  return reading;
}

/** The on-sale's row as it is now, moved on when due (opened at its time, buyers let through each second). */
export function currentOnsale(deps: OnsaleDeps, onsaleId: string, fresh = false): Promise<OnsaleRow | undefined> {
  const read = async () => {
    const [row] = await deps.db.select().from(onsales).where(eq(onsales.id, onsaleId));
    return row ? tickQueue(deps.db, row, deps.now()) : undefined;
  };
  return shared(rows, onsaleId, fresh ? 0 : (deps.cacheMs ?? 0), read, ONSALE_STALE_MS);
}

/** This server forgets what it knew of an on-sale (after it marked it sold out, scheduled, stopped or opened it):
 * its own next answers read it afresh. */
export function forgetOnsale(onsaleId?: string): void {
  if (onsaleId) rows.delete(onsaleId);
  liveLists.clear();
}

/** How many wait for the opening in the pre-queue. */
export function prequeueCount(deps: OnsaleDeps, onsaleId: string): Promise<number> {
  const read = async () => {
    const [gathered] = await deps.db.select({ n: count() }).from(onsaleQueue).where(and(eq(onsaleQueue.onsaleId, onsaleId), isNull(onsaleQueue.position)));
    return gathered?.n ?? 0;
  };
  return shared(prequeueCounts, onsaleId, deps.cacheMs ?? 0, read, ONSALE_STALE_MS);
}

/** The live on-sales (scheduled or open): what every hold is checked against. */
export function liveOnsales(deps: OnsaleDeps): Promise<OnsaleRow[]> {
  return shared(liveLists, 'live', deps.cacheMs ?? 0, () => deps.db.select().from(onsales).where(inArray(onsales.status, [...LIVE_ONSALE_STATUSES])).orderBy(onsales.opensAt));
}

/** How long a server keeps the places the opening drew (below): the on-sale's life. */
const DRAWN_PLACES_KEPT_MS = 24 * 3_600_000;

/** The places given so far in an open on-sale, by member: read in one go by a server when the pre-queue's
 * buyers come to learn the place the opening drew for them, instead of one read each. Only a member of the
 * pre-queue needs it (everyone else learns their place from their join), and the draw is whole once the row reads
 * OPEN (it placed the whole pre-queue in the transaction that opened it), so one read after the opening serves
 * the on-sale's life: read again every few seconds, it read every place given since, 20,000 rows on the biggest
 * day (decision 0081). A member not in it is read on their own. */
export function drawnPosition(deps: OnsaleDeps, onsaleId: string, userId: string): Promise<number | undefined> {
  return shared(drawn, onsaleId, deps.cacheMs ? DRAWN_PLACES_KEPT_MS : 0, async () => {
    const placed = await deps.db
      .select({ userId: onsaleQueue.userId, position: onsaleQueue.position })
      .from(onsaleQueue)
      .where(and(eq(onsaleQueue.onsaleId, onsaleId), isNotNull(onsaleQueue.position)));
    return new Map(placed.map((p) => [p.userId, p.position!]));
  }).then((places) => places.get(userId));
}
