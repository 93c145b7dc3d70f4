// Raw aggregate queries: drizzle's execute() answers { rows } on both PGlite and node-postgres.
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';

export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The local date of a timestamp column in the attraction's time zone, "yyyy-MM-dd". The zone is
 * written into the SQL (not a parameter) so that the select and its GROUP BY are the same expression. */
export function localDay(column: SQL, timeZone: string): SQL {
  if (!/^[A-Za-z0-9_/+-]+$/.test(timeZone)) throw new Error(`not a time zone name: ${timeZone}`);
  return sql`to_char(${column} at time zone '${sql.raw(timeZone)}', 'YYYY-MM-DD')`;
}
