// The query plans of the year's reads (bench/year/measure.mjs) as the code runs them: each read once on a
// handle that records its SQL, then EXPLAIN (ANALYZE) of every statement with its parameters.
//   npx tsx bench/year/explain.mjs [--database=skypass_year] [--only=sales,visits,tokens,program,today,search,gate,membership,availability]
// Decisions 0048, 0057, 0059 and 0064 quote them, beside the plans of the queries as they were before.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@/server/db/schema';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { checkAvailability } from '@/modules/catalog/check-availability';
import { bookingOfTicket } from '@/modules/inventory/gate-lookup';
import { searchBookings } from '@/modules/inventory/booking-search';
import { getMembership } from '@/modules/loyalty/membership';
import { rangeInstants } from '@/modules/reports/report-range';
import { salesReport } from '@/modules/reports/sales-report';
import { visitsReport } from '@/modules/reports/visits-report';
import { tokensReport } from '@/modules/reports/loyalty-report';
import { programReport } from '@/modules/reports/program-report';
import { dayOverview } from '@/modules/staff/day-overview';
import { localDatesBetween } from '@/universal/local-date';
import { option, yearDatabaseUrl } from './year-options.mjs';

const TIME_ZONE = 'America/New_York';
const only = option('only', 'sales,visits,tokens,program,today,search,gate,membership,availability').split(',');
const pool = new pg.Pool({ connectionString: yearDatabaseUrl(), max: 2 });
const q = async (text, params) => (await pool.query(text, params)).rows;

/** Runs `call` on a handle that records each statement, then explains each one. */
async function explain(name, call) {
  if (!only.includes(name)) return;
  const statements = [];
  const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => statements.push({ query, params }) } });
  await call(db);
  for (const { query, params } of statements) {
    if (!/^\s*(select|with)/i.test(query)) continue;
    const plan = await q(`explain (analyze, buffers, costs off, timing on) ${query}`, params);
    console.log(`\n### ${name}\n${query.replace(/\s+/g, ' ').slice(0, 300)}…\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

const now = new Date();
const [{ first, today, day, ahead }] = await q(`select to_char(min(slot_start) at time zone '${TIME_ZONE}', 'YYYY-MM-DD') as first,
  to_char(now() at time zone '${TIME_ZONE}', 'YYYY-MM-DD') as today, to_char((now() - interval '1 day') at time zone '${TIME_ZONE}', 'YYYY-MM-DD') as day,
  to_char((now() + interval '2 days') at time zone '${TIME_ZONE}', 'YYYY-MM-DD') as ahead from bookings`);
const { start, end } = rangeInstants({ from: first, to: today }, TIME_ZONE);
const period = { start, end, days: localDatesBetween(first, today), timeZone: TIME_ZONE };
const [ticket] = await q(`select supplier_reference as ref from booking_unit_items order by booking_id limit 1 offset 1000`);
const [heavy] = await q(`select id from users where email = 'fifty-visits@year.example'`);

await explain('sales', (db) => salesReport(db, period));
await explain('visits', (db) => visitsReport(db, { ...period, now, ownInventory: true }));
await explain('tokens', (db) => tokensReport(db, { ...period, now }));
await explain('program', (db) => programReport(db, { range: { from: first, to: today }, start, end, today, now }));
await explain('today', (db) => dayOverview({ db, supplier: createLocalSupplier(db, { resellerId: 'website', now: () => now }), ownInventory: true, now: () => now }, day, now));
await explain('search', (db) => searchBookings(db, 'member4242@year.example'));
await explain('search', (db) => searchBookings(db, 'Yuki Tanaka'));
const [guest] = await q(`select contact->>'emailAddress' as email from bookings where reseller_id <> 'website' order by created_at desc offset 7 limit 1`);
await explain('search', (db) => searchBookings(db, guest.email));
await explain('gate', (db) => bookingOfTicket(db, ticket.ref));
await explain('membership', (db) => getMembership(db, heavy.id, 'en', now));
await explain('availability', (db) =>
  checkAvailability(createLocalSupplier(db, { resellerId: 'website', now: () => now }), { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedDate: ahead }, now),
);
await pool.end();
