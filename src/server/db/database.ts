// The type every query is written against, whichever database (PGlite or PostgreSQL) is open.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
