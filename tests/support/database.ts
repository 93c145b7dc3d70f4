// A database of its own for a test file: PGlite in a temporary folder, migrated and seeded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '@/server/db/client';
import { createTestDatabase } from './postgres';

export async function openTestDatabase(databaseUrl?: string): Promise<OpenedDatabase & { dispose: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-db-'));
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
export async function openBackendDatabase(adminUrl?: string): Promise<Awaited<ReturnType<typeof openTestDatabase>>> {
  const postgres = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  const opened = await openTestDatabase(postgres?.url);
  return {
    ...opened,
    dispose: async () => {
      await opened.dispose();
      await postgres?.drop();
    },
  };
}
