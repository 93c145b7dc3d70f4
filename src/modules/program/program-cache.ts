// The program in force, kept in memory so that currentProgram() stays synchronous (decision 0044), by the
// versioned documents' mechanism (documents/versioned-document.ts, decision 0055): loaded at start
// (src/wiring/startup.ts), a save through this server taken at once, another server's noticed by the first
// read after PROGRAM_RECHECK_MS (in the background: the read itself never waits).
import type { Program } from '@/config/program-schema';
import type { Database } from '@/server/db/client';
import { RULES_TTL_MS } from '../inventory/calendar-rules-cache';
import { programDocument } from './program-document';

/** As long as the calendar's rules are remembered: another server's edit shows within this. */
export const PROGRAM_RECHECK_MS = RULES_TTL_MS;

const asProgram = ({ version, document }: { version: number; document: Program }) => ({ version, program: document });

/** The newest version in the database, checked against the schema (a stored version always passed it). */
export async function newestProgram(db: Database): Promise<{ version: number; program: Program }> {
  return asProgram(await programDocument.newest(db));
}

/** Loads the newest version into this process and keeps it fresh from `db`; answers it. */
export async function loadProgram(db: Database, now?: () => number): Promise<{ version: number; program: Program }> {
  return asProgram(await programDocument.load(db, now));
}

/** Waits for a recheck in flight (tests, and the staff page after a save). */
export const programChecked = (): Promise<void> => programDocument.checked();

/** Forgets the database's program: currentProgram() answers config/program.json again (tests). */
export const unloadProgram = (): void => programDocument.unload();
