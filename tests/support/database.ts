// A database of its own for a test file: PGlite in a temporary folder, migrated and seeded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '@/server/db/client';
import { pgliteTemplate } from './pglite-template';
import { createTestDatabase } from './postgres';

export async function openTestDatabase(databaseUrl?: string): Promise<OpenedDatabase & { dispose: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-db-'));
  // A PGlite database starts as a copy of one migrated once (0.3 s instead of 3 s of migrations); opening it
  // still runs the migrations (none left) and the seed, as a server would.
  if (!databaseUrl) fs.cpSync(await pgliteTemplate(), dataDir, { recursive: true });
  const opened = await openDatabase({ databaseUrl, dataDir });
  return {
    ...opened,
    dispose: async () => {
      await opened.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The databases a test file runs on: PGlite, and PostgreSQL too when TEST_DATABASE_URL names a server. */
export const TEST_BACKENDS: { name: string; adminUrl?: string }[] = [
  { name: 'PGlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', adminUrl: process.env.TEST_DATABASE_URL }] : []),
];

/** A fresh database on a backend of TEST_BACKENDS: on PostgreSQL one of its own, dropped by dispose. */
export async function openBackendDatabase(adminUrl?: string): Promise<Awaited<ReturnType<typeof openTestDatabase>> & { url?: string }> {
  const postgres = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  const opened = await openTestDatabase(postgres?.url);
  return {
    ...opened,
    /** The PostgreSQL database's address, for another process to open it too. */
    url: postgres?.url,
    dispose: async () => {
      await opened.dispose();
      await postgres?.drop();
    },
  };
}
