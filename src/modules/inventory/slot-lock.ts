// One writer per slot at a time (pretix's locking.py is the model): a transaction-scoped advisory lock,
// on PostgreSQL and PGlite alike, released when the transaction ends. It is taken only inside a
// transaction (outside one it would end with its own statement and guard nothing), and a writer waits
// for it SLOT_LOCK_TIMEOUT_MS at most: a slot stuck behind a long writer answers "busy, try again" at
// once rather than piling up connections.
import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '@/server/db/client';
import { AppError } from '@/server/errors';

export const SLOT_LOCK_TIMEOUT_MS = 5_000;
/** PostgreSQL's SQLSTATE for a lock not obtained within lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';
/** How soon a caller refused by a busy slot is asked to try again, in seconds. */
const RETRY_AFTER_SECONDS = 2;

/** Whether `error` (or what caused it: drizzle wraps the driver's error) is a lock wait that timed out. */
function isLockTimeout(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true;
  return isLockTimeout((error as { cause?: unknown }).cause, depth + 1);
}

/** Locks the slot of `optionId` starting at `start` until `tx` ends; refuses the root handle. */
export async function lockSlot(tx: Database, optionId: string, start: Date, timeoutMs = SLOT_LOCK_TIMEOUT_MS): Promise<void> {
  await lockKey(tx, `${optionId}|${start.toISOString()}`, timeoutMs);
}

/** Locks any stock named by `key` (a slot's places, an add-on's stock of a slot or a day) until `tx` ends. */
export async function lockKey(tx: Database, key: string, timeoutMs = SLOT_LOCK_TIMEOUT_MS): Promise<void> {
  if (!is(tx, PgTransaction)) throw new Error('lockSlot needs a transaction: outside one the lock would guard nothing');
  // SET LOCAL takes no bind parameters; the number is ours, an integer.
  await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
  try {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  } catch (error) {
    if (isLockTimeout(error)) throw new AppError('UNAVAILABLE', 'slotBusy', {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    throw error;
  }
}
