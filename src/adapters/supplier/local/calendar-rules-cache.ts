// A short-lived memory of managers' calendar rules per option and date range, for availability reads under
// load, as taken-cache.ts keeps places taken (decision 0026). Holds never read it: they read their slot's
// rule under the slot's lock (slotRule). A change made through this server forgets everything at once
// (the calendar-changed signal); a change made through another server shows within RULES_TTL_MS.
import { onCalendarChanged } from '@/server/db/calendar-changed';
import type { Database } from '@/server/db/client';
import { processGlobal } from '@/universal/process-global';
import type { CalendarRules } from './calendar-rules';
import { TAKEN_TTL_MS } from './taken-cache';

export const RULES_TTL_MS = TAKEN_TTL_MS;
const MAX_ENTRIES = 5_000;

type Entry = { at: number; rules: Promise<CalendarRules> };

const caches = processGlobal('calendar-rules-cache', () => {
  const store = { byDb: new WeakMap<Database, Map<string, Entry>>() };
  onCalendarChanged(() => (store.byDb = new WeakMap()));
  return store;
});

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.byDb.get(db);
  if (!cache) caches.byDb.set(db, (cache = new Map()));
  return cache;
}

/** The rules `key` names, remembered for RULES_TTL_MS; calls that miss at once share one read. */
export function rememberedRules(db: Database, key: string, read: () => Promise<CalendarRules>, now = Date.now()): Promise<CalendarRules> {
  const cache = cacheOf(db);
  const entry = cache.get(key);
  if (entry && now - entry.at < RULES_TTL_MS) return entry.rules;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const rules = read();
  cache.set(key, { at: now, rules });
  // A failed read is not remembered: the next call asks the database again.
  rules.catch(() => cache.get(key)?.rules === rules && cache.delete(key));
  return rules;
}
