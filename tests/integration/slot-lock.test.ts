// The slot lock (modules/inventory/slot-lock.ts): it refuses to run outside a transaction, and a writer
// that waits longer than its lock timeout is answered "busy, try again" (503 UNAVAILABLE) instead of
// waiting on. The wait needs two sessions: PostgreSQL (PGlite has one connection, so nothing ever waits).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockSlot, SLOT_LOCK_TIMEOUT_MS } from '@/modules/inventory/slot-lock';
import { AppError } from '@/server/errors';
import type { Database } from '@/server/db/client';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';

const START = new Date('2030-06-01T13:00:00Z');

describe.each(TEST_BACKENDS)('the slot lock on $name', ({ name, adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
  });
  afterAll(async () => database?.dispose());

  it('refuses the root handle: outside a transaction it would guard nothing', async () => {
    await expect(lockSlot(database.db, 'main-deck-day', START)).rejects.toThrow(/needs a transaction/);
  });

  it('is taken inside a transaction, with its lock timeout for the rest of it', async () => {
    const timeout = await database.db.transaction(async (tx) => {
      await lockSlot(tx as unknown as Database, 'main-deck-day', START);
      const result = (await tx.execute(sql`show lock_timeout`)) as unknown as { rows: { lock_timeout: string }[] };
      return result.rows[0]!.lock_timeout;
    });
    expect(timeout).toBe(`${SLOT_LOCK_TIMEOUT_MS / 1000}s`);
  });

  if (name === 'PostgreSQL') {
    it('answers a writer kept waiting past the timeout with UNAVAILABLE, and the holder keeps its lock', async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => (held = resolve));
      const holder = database.db.transaction(async (tx) => {
        await lockSlot(tx as unknown as Database, 'main-deck-day', START);
        held();
        await released;
        return 'committed';
      });
      await isHeld;
      const waiter = database.db.transaction(async (tx) => lockSlot(tx as unknown as Database, 'main-deck-day', START, 200));
      const error = await waiter.then(
        () => undefined,
        (e: unknown) => e,
      );
      release();
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', key: 'slotBusy', headers: { 'Retry-After': '2' } });
      expect(await holder).toBe('committed');
      // Free again: the next writer takes it at once.
      await database.db.transaction(async (tx) => lockSlot(tx as unknown as Database, 'main-deck-day', START, 200));
    });
  }
});
