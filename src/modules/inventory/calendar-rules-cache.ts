// A short-lived memory of managers' calendar rules per option and date range, for availability reads under
// load, as taken-cache.ts keeps places taken (decision 0026). Holds never read it: they read their slot's
// rule under the slot's lock (slotRule). A change made through this server forgets everything at once
// (the calendar-changed signal); a change made through another server shows within RULES_TTL_MS.
import { onCalendarChanged } from '@/server/db/calendar-changed';
import type { Database } from '@/server/db/client';
import { processGlobal } from '@/universal/process-global';
import { PromiseMemory } from '@/universal/promise-memory';
import type { CalendarRules } from './calendar-rules';
import { TAKEN_TTL_MS } from './taken-cache';

export const RULES_TTL_MS = TAKEN_TTL_MS;

const memories = processGlobal('calendar-rules-cache', () => {
  const store = { byDb: new WeakMap<Database, PromiseMemory<CalendarRules>>() };
  onCalendarChanged(() => (store.byDb = new WeakMap()));
  return store;
});

function memoryOf(db: Database): PromiseMemory<CalendarRules> {
  let memory = memories.byDb.get(db);
  if (!memory) memories.byDb.set(db, (memory = new PromiseMemory(RULES_TTL_MS)));
  return memory;
}

/** The rules `key` names, remembered for RULES_TTL_MS; calls that miss at once share one read. */
export function rememberedRules(db: Database, key: string, read: () => Promise<CalendarRules>, now = Date.now()): Promise<CalendarRules> {
  return memoryOf(db).get(key, read, now);
}
