import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@/server/db/schema';
import { searchBookings } from '@/modules/inventory/booking-search';
const pool = new pg.Pool({ connectionString: process.argv[2]!, max: 10 });
const db = drizzle({ client: pool, schema });
for (const text of process.argv.slice(3)) {
  const times = [];
  for (let i = 0; i < 7; i++) { const s = performance.now(); await searchBookings(db, text); times.push(performance.now() - s); }
  times.sort((a, b) => a - b);
  console.log(text, 'median', Math.round(times[3]!), 'ms', (await searchBookings(db, text)).length);
}
await pool.end();
