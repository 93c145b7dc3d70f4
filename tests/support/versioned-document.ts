// The harness of a versioned document's integration tests (the program's and the catalogue's, decisions
// 0044 and 0055), on PGlite or PostgreSQL: a database of its own, another server's connection to it (on
// PGlite, which has one connection, the same), the document loaded into this process on a clock the tests
// move (`tick`, milliseconds), and unloaded again after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database, type OpenedDatabase } from '@/server/db/client';
import { auditLog, type DocumentVersionsTable } from '@/server/db/schema';
import { openTestDatabase } from './database';
import { createTestDatabase, type TestDatabase } from './postgres';

export type DocumentDatabases = {
  db: Database;
  /** Another server's connection to the same database. */
  otherDb: Database;
  /** The document cache's clock (milliseconds), moved by the tests. */
  tick: number;
  clock: () => number;
  /** The PostgreSQL database, when the backend is PostgreSQL. */
  postgres?: TestDatabase;
};

/** Registers the harness's beforeAll/afterAll in the calling describe; the answer is filled in by beforeAll. */
export function useDocumentDatabases(adminUrl: string | undefined, document: { load: (db: Database, now: () => number) => Promise<unknown>; unload: () => void }): DocumentDatabases {
  let one: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let other: OpenedDatabase | undefined;
  const docs = { tick: 0, clock: () => docs.tick } as DocumentDatabases;
  beforeAll(async () => {
    docs.postgres = adminUrl ? await createTestDatabase(adminUrl) : undefined;
    one = await openTestDatabase(docs.postgres?.url);
    docs.db = one.db;
    other = docs.postgres ? await openDatabase({ databaseUrl: docs.postgres.url, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-db-')) }) : undefined;
    docs.otherDb = other?.db ?? docs.db;
    await document.load(docs.db, docs.clock);
  });
  afterAll(async () => {
    document.unload();
    await other?.close();
    await one?.dispose();
    await docs.postgres?.drop();
  });
  return docs;
}

/** The newest row of a document's versions table. */
export async function newestVersionRow(db: Database, table: DocumentVersionsTable) {
  return (await db.select().from(table).orderBy(desc(table.version)).limit(1))[0]!;
}

/** How many audit lines of `action` ('catalog.edit') there are. */
export async function auditLineCount(db: Database, action: string): Promise<number> {
  return (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;
}
