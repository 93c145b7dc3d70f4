// The program in force, kept in memory so that currentProgram() stays synchronous (decision 0044). The
// server loads the newest version at start (src/wiring/startup.ts). A version saved through this server
// is taken at once (the program-changed signal, as the calendar's rules are forgotten on calendar-changed);
// one saved through another server is noticed by the first read after PROGRAM_RECHECK_MS, which asks the
// database for its newest version number in the background (the read itself never waits).
import { desc, eq } from 'drizzle-orm';
import { programHolder } from '@/config/program-store';
import { programSchema, type Program } from '@/config/program-schema';
import type { Database } from '@/server/db/client';
import { onProgramChanged } from '@/server/db/program-changed';
import { programVersions } from '@/server/db/schema';
import { processGlobal } from '@/universal/process-global';
import { RULES_TTL_MS } from '../inventory/calendar-rules-cache';
import { log } from '@/server/log';

/** As long as the calendar's rules are remembered: another server's edit shows within this. */
export const PROGRAM_RECHECK_MS = RULES_TTL_MS;

type Watch = { db?: Database; checkedAt: number; checking?: Promise<void>; now: () => number };

const watch = processGlobal<Watch>('program-cache', () => {
  const state: Watch = { checkedAt: 0, now: () => performance.now() };
  onProgramChanged((version, document) => take(version, document));
  return state;
});

function take(version: number, document: unknown): void {
  const holder = programHolder();
  if (holder.loaded && holder.loaded.version >= version) return;
  holder.loaded = { version, program: programSchema.parse(document) };
}

/** The newest version in the database, checked against the schema (a stored version always passed it). */
export async function newestProgram(db: Database): Promise<{ version: number; program: Program }> {
  const [row] = await db.select().from(programVersions).orderBy(desc(programVersions.version)).limit(1);
  if (!row) throw new Error('the program has no version in the database (the seed writes the first)');
  return { version: row.version, program: programSchema.parse(row.document) };
}

async function recheck(db: Database): Promise<void> {
  const [row] = await db.select({ version: programVersions.version }).from(programVersions).orderBy(desc(programVersions.version)).limit(1);
  if (!row || row.version === programHolder().loaded?.version) return;
  const [newer] = await db.select().from(programVersions).where(eq(programVersions.version, row.version));
  if (newer) take(newer.version, newer.document);
}

/** Loads the newest version into this process and keeps it fresh from `db`; answers it. */
export async function loadProgram(db: Database, now: () => number = () => performance.now()): Promise<{ version: number; program: Program }> {
  const newest = await newestProgram(db);
  programHolder().loaded = newest;
  Object.assign(watch, { db, checkedAt: now(), now, checking: undefined });
  programHolder().onRead = () => {
    if (!watch.db || watch.checking || watch.now() - watch.checkedAt < PROGRAM_RECHECK_MS) return;
    watch.checkedAt = watch.now();
    watch.checking = recheck(watch.db)
      .catch((error: unknown) => log.warn('[program] the newest program could not be read', { error }))
      .finally(() => (watch.checking = undefined));
  };
  return newest;
}

/** Waits for a recheck in flight (tests, and the staff page after a save). */
export async function programChecked(): Promise<void> {
  await watch.checking;
}

/** Forgets the database's program: currentProgram() answers config/program.json again (tests). */
export function unloadProgram(): void {
  const holder = programHolder();
  holder.loaded = undefined;
  holder.onRead = undefined;
  watch.db = undefined;
}
