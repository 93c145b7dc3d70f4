// A short-lived memory of places taken per option and day, for availability reads under load. Holds
// never read it: they count in the database under the slot's lock. Writes in this process forget the
// day at once; a write in another process (several servers on one PostgreSQL) shows within TTL_MS.
import type { Database } from '@/server/db/client';
import { processGlobal } from '@/universal/process-global';

export const TAKEN_TTL_MS = 2_000;
const MAX_ENTRIES = 5_000;

type Entry = { at: number; taken: Map<number, number> };
// One memory per process, not per bundle: a hold made through one API route is forgotten for the others.
const caches = processGlobal('taken-cache', () => new WeakMap<Database, Map<string, Entry>>());

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

const key = (optionId: string, localDate: string) => `${optionId}|${localDate}`;

export function cachedTaken(db: Database, optionId: string, localDate: string, now = Date.now()): Map<number, number> | undefined {
  const entry = cacheOf(db).get(key(optionId, localDate));
  return entry && now - entry.at < TAKEN_TTL_MS ? entry.taken : undefined;
}

export function rememberTaken(db: Database, optionId: string, localDate: string, taken: Map<number, number>, now = Date.now()): void {
  const cache = cacheOf(db);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key(optionId, localDate), { at: now, taken });
}

export function forgetTaken(db: Database, optionId: string, localDate: string): void {
  cacheOf(db).delete(key(optionId, localDate));
}
