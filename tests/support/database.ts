// A database of its own for a test file: PGlite in a temporary folder, migrated and seeded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '@/server/db/client';

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
