import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@/server/db/schema';
import { salesDaysPlan } from '@/modules/reports/sales-days';
import { salesReport } from '@/modules/reports/sales-report';
import { rangeInstants } from '@/modules/reports/report-range';
import { localDatesBetween, todayIn, addLocalDays } from '@/universal/local-date';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/skypass_year', max: 4 });
const db = drizzle({ client: pool, schema });
const now = new Date();
const to = todayIn('America/New_York', now); const from = addLocalDays(to, -364);
const period = { ...rangeInstants({ from, to }, 'America/New_York'), days: localDatesBetween(from, to), timeZone: 'America/New_York', now };
for (let i = 0; i < 3; i++) {
  let t = performance.now(); const plan = await salesDaysPlan(db, period, now); const a = performance.now() - t;
  t = performance.now(); await salesReport(db, period); const b = performance.now() - t;
  console.log({ plan: a.toFixed(1), report: b.toFixed(1), rows: plan.rows.length, except: plan.summed?.except.length });
}
await pool.end();
