import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@/server/db/schema';
import { salesReport } from '@/modules/reports/sales-report';
import { programReport } from '@/modules/reports/program-report';
import { rangeInstants } from '@/modules/reports/report-range';
import { localDatesBetween } from '@/universal/local-date';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/skypass_year', max: 10 });
const db = drizzle({ client: pool, schema });
const range = { from: '2025-11-26', to: '2026-11-26' };
const { start, end } = rangeInstants(range, 'America/New_York');
const period = { start, end, days: localDatesBetween(range.from, range.to), timeZone: 'America/New_York', now: new Date() };
const which = process.argv[2] ?? 'sales';
for (let i = 0; i < 4; i++) {
  const t = performance.now();
  if (which === 'sales') await salesReport(db, period); else await programReport(db, { range, start, end, today: '2026-11-26' });
  console.log(which, Math.round(performance.now() - t));
}
await pool.end();
