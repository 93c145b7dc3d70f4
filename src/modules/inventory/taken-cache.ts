// A short-lived memory of places taken per option and day, for availability reads under load. Holds
// never read it: they count in the database under the slot's lock. Writes in this process forget the
// day at once (also a read still running, which may predate the write); a write in another process
// (several servers on one PostgreSQL) shows within TTL_MS. Reads that miss at once share one query.
import type { Database } from '@/server/db/client';
import { processGlobal } from '@/universal/process-global';
import { PromiseMemory } from '@/universal/promise-memory';

export const TAKEN_TTL_MS = 2_000;

type Taken = Map<number, number>;
// One memory per process, not per bundle: a hold made through one API route is forgotten for the others.
const memories = processGlobal('taken-cache', () => new WeakMap<Database, PromiseMemory<Taken>>());

function memoryOf(db: Database): PromiseMemory<Taken> {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new PromiseMemory(TAKEN_TTL_MS)));
  return memory;
}

const key = (optionId: string, localDate: string) => `${optionId}|${localDate}`;

/** The places taken on the day's slots (by start time), perhaps still being read; undefined when stale. */
export function cachedTaken(db: Database, optionId: string, localDate: string, now = Date.now()): Promise<Taken> | undefined {
  return memoryOf(db).peek(key(optionId, localDate), now);
}

export function rememberTaken(db: Database, optionId: string, localDate: string, taken: Promise<Taken>, now = Date.now()): void {
  memoryOf(db).remember(key(optionId, localDate), taken, now);
}

export function forgetTaken(db: Database, optionId: string, localDate: string): void {
  memoryOf(db).forget(key(optionId, localDate));
}
