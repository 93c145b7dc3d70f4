// The database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Opened lazily on first use (never at import time: `next build` imports this module), migrated and
// seeded before the first query runs.
import path from 'node:path';
import { getEnv } from '../env';
import type { Database } from './database';
import { POSTGRES_CONNECTION_OPTIONS } from './postgres-options';
import * as schema from './schema';
import { seed } from './seed';
import { log } from '@/server/log';

export type { Database };

export type OpenedDatabase = { db: Database; close: () => Promise<void> };
type Opened = OpenedDatabase;

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 7_361_042;

async function openPostgres(url: string): Promise<Opened> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // A server out of reach fails a request (answered 503) instead of leaving it waiting. pg counts the wait
  // for a free connection in this timeout too, so it leaves room for a burst of buyers queueing for the
  // pool's 10 connections (5 s refused some of 200 concurrent bookings on a busy machine).
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 20_000, options: POSTGRES_CONNECTION_OPTIONS });
  let closing = false;
  // An idle connection can be cut by the server (a restart, a failover): the pool replaces it. Without a
  // listener, that error would end the process.
  pool.on('error', (error) => {
    if (!closing) log.error(`[db] a PostgreSQL connection failed: ${error.message}`);
  });
  // Several server processes may start at once against one database: migrate under a lock.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return {
    db: drizzle({ client: pool, schema }) as unknown as Database,
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<Opened> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The booking search's trigram indexes (decision 0057): PGlite ships pg_trgm as a contrib extension.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { acquireDirectoryLock } = await import('./directory-lock');
  const dir = path.resolve(dataDir, 'pglite');
  const release = acquireDirectoryLock(dir);
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** Opens, migrates and seeds a database: PostgreSQL at `databaseUrl`, else PGlite under `dataDir`. */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<OpenedDatabase> {
  const opened = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  await seed(opened.db);
  return opened;
}

function open(): Promise<Opened> {
  const env = getEnv();
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
}

/** Whether other server processes may work on this database: PostgreSQL, yes; the embedded database,
 * which one process opens (its directory lock), no, so whatever it finds leased at start-up is a dead
 * process's. */
export function isSharedDatabase(): boolean {
  return Boolean(getEnv().DATABASE_URL);
}

// Kept on globalThis so that `next dev` module reloads reuse the one open database.
const holder = globalThis as typeof globalThis & { __skypassDb?: Promise<Opened> };

export async function getDb(): Promise<Database> {
  holder.__skypassDb ??= open().catch((error: unknown) => {
    holder.__skypassDb = undefined;
    throw error;
  });
  return (await holder.__skypassDb).db;
}

export async function closeDb(): Promise<void> {
  const opened = holder.__skypassDb;
  holder.__skypassDb = undefined;
  if (opened) await (await opened).close();
}
