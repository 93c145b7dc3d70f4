// The staff's and the visitors' reads on a year of data (bench/year/seed.mjs), timed by calling the
// module functions directly on a PostgreSQL pool of the app's size (10 connections), one call at a time:
// the database's part of each request, without HTTP, sessions or rendering. Median, p95 and p99 of
// repeated runs after a warm-up; availability also on an empty database (migrated and seeded only), as a ratio.
//   npx tsx bench/year/measure.mjs [--database=skypass_year] [--runs=1] [--only=reports,search,today,gate,membership,availability]
// (tsx: the modules are TypeScript; the pool is opened here, as tsx cannot load the client's lazy imports.)
// The year's database is migrated first (the migrations its seed predates) and the sales report's days summed.
// Goals (issue #26): every report for the whole year < 1 s; booking search < 100 ms; a day's overview
// < 300 ms; a gate scan's p95 < 50 ms; getMembership's p99 < 50 ms; availability within 10 % of empty.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '@/server/db/schema';
import { POSTGRES_CONNECTION_OPTIONS } from '@/server/db/postgres-options';
import { seed } from '@/server/db/seed';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { checkAvailability } from '@/modules/catalog/check-availability';
import { scanTicket } from '@/modules/gate/scan-ticket';
import { searchBookings } from '@/modules/inventory/booking-search';
import { getMembership } from '@/modules/loyalty/membership';
import { membersReport, tokensReport } from '@/modules/reports/loyalty-report';
import { rangeInstants } from '@/modules/reports/report-range';
import { occupancyReport } from '@/modules/reports/occupancy-report';
import { programReport } from '@/modules/reports/program-report';
import { sumReports } from '@/modules/reports/report-sums-job';
import { salesReport } from '@/modules/reports/sales-report';
import { staffReport } from '@/modules/reports/staff-report';
import { visitsReport } from '@/modules/reports/visits-report';
import { dayOverview } from '@/modules/staff/day-overview';
import { localDatesBetween } from '@/universal/local-date';
import { YEAR, option, yearDatabaseUrl } from './year-options.mjs';

const SCALE = Number(option('runs', 1));
/** Which reads to time: all by default. */
const ONLY = option('only', 'reports,search,today,gate,membership,availability').split(',');
const want = (part) => ONLY.includes(part);
const TIME_ZONE = 'America/New_York';
const server = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

function openPool(url) {
  // Connections as the shop opens them (src/server/db/client.ts).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: POSTGRES_CONNECTION_OPTIONS });
  pool.on('error', (error) => console.error(`[bench] a connection failed: ${error.message}`));
  return pool;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (ms) => Math.round(ms * 10) / 10;

/** `runs` timed calls after `warmup` untimed ones; `call(i)` gets the run's number. */
async function timed(runs, call, warmup = 2) {
  for (let i = 0; i < warmup; i++) await call(-1 - i);
  const times = [];
  for (let i = 0; i < runs * SCALE; i++) {
    const start = performance.now();
    await call(i);
    times.push(performance.now() - start);
  }
  // exactMedian: for ratios (a read of about 1 ms rounded to 0.1 ms moves a ratio by up to 10 %).
  return { median: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), runs: times.length, exactMedian: percentile(times, 50) };
}

const yearPool = openPool(yearDatabaseUrl());
const db = drizzle({ client: yearPool, schema });
const q = async (text, params) => (await yearPool.query(text, params)).rows;
const results = [];
const record = (name, goal, figures) => {
  results.push({ name, goal, ...figures });
  console.log(JSON.stringify({ name, goal, ...figures }));
};

// The year: its first visit day to today (the reports' longest range is 366 days).
const [{ first, today, size }] = await q(`select to_char(min(slot_start) at time zone '${TIME_ZONE}', 'YYYY-MM-DD') as first,
  to_char(now() at time zone '${TIME_ZONE}', 'YYYY-MM-DD') as today, pg_size_pretty(pg_database_size(current_database())) as size from bookings`);
const [{ tickets }] = await q(`select count(*)::int as tickets from booking_unit_items`);
console.log(JSON.stringify({ database: YEAR.database, size, tickets, from: first, to: today, cores: os.cpus().length }));
const now = new Date();
const range = { from: first, to: today };
const { start, end } = rangeInstants(range, TIME_ZONE);
const period = { start, end, days: localDatesBetween(first, today), timeZone: TIME_ZONE };

// --- reports for the whole year ---
if (want('reports')) {
// The migrations the year's seed predates (as a deployment would run them), then the sales
// and occupancy reports' job (decision 0057): its first run sums every ended day; a later one, the hour's changes.
let started = performance.now();
await migrate(db, { migrationsFolder: 'drizzle' });
console.log(JSON.stringify({ migrated: `${Math.round(performance.now() - started)} ms` }));
started = performance.now();
const summed = await sumReports(db, now);
console.log(JSON.stringify({ summedDaysFirstRun: summed, ms: Math.round(performance.now() - started) }));
started = performance.now();
await sumReports(db, now);
console.log(JSON.stringify({ summedDaysNextRun: `${Math.round(performance.now() - started)} ms` }));
record('report: sales (whole year, the ledger alone: no sums)', '', await timed(1, () => salesReport(db, period, { summed: false }), 0));
record('report: sales (whole year)', '< 1000 ms', await timed(5, () => salesReport(db, period), 1));
record('report: visits (whole year)', '< 1000 ms', await timed(5, () => visitsReport(db, { ...period, now, ownInventory: true }), 1));
record('report: members (whole year)', '< 1000 ms', await timed(5, () => membersReport(db, period), 1));
record('report: tokens (whole year)', '< 1000 ms', await timed(5, () => tokensReport(db, period), 1));
record('report: occupancy by hour (whole year, the passages alone: no sums)', '', await timed(1, () => occupancyReport(db, period, { summed: false }), 0));
record('report: occupancy by hour (whole year)', '< 1000 ms', await timed(5, () => occupancyReport(db, period), 1));
record('report: program (whole year)', '< 1000 ms', await timed(5, () => programReport(db, { range, start, end, today }), 1));
record('report: all six, as /staff/reports asks (whole year)', '< 1000 ms', await timed(5, () => staffReport(db, range, { timeZone: TIME_ZONE, currency: 'USD', now, ownInventory: true }), 1));

}
// --- booking search: a booking reference, a ticket reference, a member's e-mail, a reseller guest's, a name ---
const [sample] = await q(`select b.supplier_reference as booking, (select supplier_reference from booking_unit_items where booking_id = b.id limit 1) as ticket
  from bookings b where b.reseller_id = 'website' and b.status = 'REDEEMED' order by b.created_at desc offset 5000 limit 1`);
const [guest] = await q(`select contact->>'emailAddress' as email from bookings where reseller_id <> 'website' order by created_at desc offset 7 limit 1`);
const searches = [
  ['booking reference', sample.booking],
  ['ticket reference', sample.ticket],
  ["a member's e-mail", 'member4242@year.example'],
  ["a reseller guest's e-mail", guest.email],
  ['a name', 'Yuki Tanaka'],
];
if (want('search')) for (const [what, text] of searches) record(`booking search: ${what}`, '< 100 ms', await timed(20, () => searchBookings(db, text)));

// --- the day's overview (/api/staff/today): the busiest day of the last week of visits (of a shorter year too) ---
const [{ day }] = await q(`select to_char(slot_start at time zone '${TIME_ZONE}', 'YYYY-MM-DD') as day, sum(unit_count) as sold from bookings
  where status in ('CONFIRMED', 'REDEEMED') and slot_start < now()
    and slot_start > (select max(slot_start) from bookings where slot_start < now()) - interval '7 days' group by 1 order by 2 desc limit 1`);
const supplier = createLocalSupplier(db, { resellerId: 'website', now: () => now, memberPerks: true });
const calendarDeps = { db, supplier, ownInventory: true, now: () => now };
const overview = await dayOverview(calendarDeps, day, now);
if (want('today')) record(`day overview (${day}: ${overview.totals.sold} tickets, ${overview.totals.admitted} admitted)`, '< 300 ms', await timed(20, () => dayOverview(calendarDeps, day, now)));

// --- the gate: first scans of tickets not admitted yet (the latest no-shows, scanned as if at their slot: admitted,
// a write), then the same again (ALREADY USED), and the old ticket of a changed booking (CHANGED) ---
const gateTickets = await q(`select i.supplier_reference as ticket, b.slot_start from booking_unit_items i join bookings b on b.id = i.booking_id
  where b.status = 'CONFIRMED' and b.slot_start < now() order by b.slot_start desc, i.supplier_reference limit ${200 * SCALE + 5}`);
const by = { kind: 'staff', userId: 'year-bench-gate', email: 'gate@year.example' };
const gateDeps = (at) => ({ db, supplier, toleranceMinutes: 30, ownInventory: true, now: () => at });
const verdicts = {};
const scan = async (i, pass) => {
  const { ticket, slot_start: slotStart } = gateTickets[i + 5];
  const verdict = await scanTicket(gateDeps(new Date(slotStart.getTime() + 60_000)), { code: ticket, gate: `Gate ${pass}`, by });
  verdicts[verdict.verdict] = (verdicts[verdict.verdict] ?? 0) + 1;
};
if (want('gate')) {
const scans = Math.min(200, Math.floor((gateTickets.length - 5) / SCALE));
record('gate scan: first scan (VALID, admits)', 'p95 < 50 ms', await timed(scans, (i) => scan(i, 'first'), 0));
record('gate scan: scanned again (ALREADY USED)', 'p95 < 50 ms', await timed(scans, (i) => scan(i, 'again'), 0));
const replaced = await q(`select t->>'reference' as ticket from orders o, jsonb_array_elements(o.replaced_tickets) t where o.replaced_tickets <> '[]' order by o.created_at desc limit ${100 * SCALE + 2}`);
record('gate scan: a changed booking\'s old ticket (CHANGED)', 'p95 < 50 ms', await timed(Math.min(100, Math.floor((replaced.length - 2) / SCALE)), async (i) => {
  const verdict = await scanTicket(gateDeps(now), { code: replaced[i < 0 ? -1 - i : i + 2].ticket, gate: 'Gate changed', by });
  verdicts[verdict.verdict] = (verdicts[verdict.verdict] ?? 0) + 1;
}));
console.log(JSON.stringify({ verdicts }));
}

// --- a member's profile: the member with 50 visits ---
const [heavy] = await q(`select u.id, (select count(*) from member_visits v where v.user_id = u.id)::int as visits from users u where u.email = 'fifty-visits@year.example'`);
const membership = await getMembership(db, heavy.id, 'en', now);
if (want('membership')) record(`getMembership (${heavy.visits} visits, ${membership.tokens.length} tokens)`, 'p99 < 50 ms', await timed(200, () => getMembership(db, heavy.id, 'en', now)));

// --- availability: the last day of visits, read two days before it, the year's database against an empty
// one. Each call on a fresh handle, so that the process's 2-second memory of places taken
// (inventory/taken-cache.ts) never answers.
if (want('availability')) {
// Of this process: two engineers measuring at once each have their own.
const emptyName = `${YEAR.database}_empty_${process.pid}`;
const admin = new pg.Client({ connectionString: `${server}/postgres` });
await admin.connect();
await admin.query(`drop database if exists ${emptyName}`);
await admin.query(`create database ${emptyName}`);
const emptyPool = openPool(`${server}/${emptyName}`);
const emptyDb = drizzle({ client: emptyPool, schema });
await migrate(emptyDb, { migrationsFolder: 'drizzle' });
await seed(emptyDb);
const [{ ahead, before }] = await q(`select to_char(max(slot_start) at time zone '${TIME_ZONE}', 'YYYY-MM-DD') as ahead, max(slot_start) - interval '2 days' as before
  from bookings where option_id = 'main-deck-day'`);
// The measured day's own calendar rows, copied into the empty database: both reads then answer the same slots
// with the same work (capacities set by managers, places taken), and the ratio is the year's size alone.
const dayRows = (table, columns) =>
  q(`select ${columns} from ${table} where option_id = 'main-deck-day' and slot_start >= $1::timestamptz and slot_start <= $1::timestamptz + interval '3 days'`, [before]);
for (const r of await dayRows('capacity_overrides', 'option_id, slot_start, capacity, set_by, set_at')) {
  await emptyPool.query('insert into capacity_overrides (option_id, slot_start, capacity, set_by, set_at) values ($1, $2, $3, $4, $5)', [r.option_id, r.slot_start, r.capacity, r.set_by, r.set_at]);
}
for (const r of await dayRows('slot_taken', 'option_id, slot_start, taken')) {
  await emptyPool.query('insert into slot_taken (option_id, slot_start, taken) values ($1, $2, $3)', [r.option_id, r.slot_start, r.taken]);
}
const request = { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedDate: ahead };
const availability = (pool) => () => checkAvailability(createLocalSupplier(drizzle({ client: pool, schema }), { resellerId: 'website', now: () => before }), request, before);
const slots = await availability(yearPool)();
// Interleaved rounds, so that a busy moment of the shared machine weighs on both alike.
const year = [];
const empty = [];
for (let round = 0; round < 10; round++) {
  year.push(await timed(40, availability(yearPool)));
  empty.push(await timed(40, availability(emptyPool)));
}
const med = (list, key) => percentile(list.map((r) => r[key]), 50);
const yearMedian = med(year, 'exactMedian');
const emptyMedian = med(empty, 'exactMedian');
record(`availability (${ahead}, ${slots.filter((s) => !s.available).length}/${slots.length} slots sold out): year`, 'within 10 % of empty', { median: round(yearMedian), p95: med(year, 'p95'), p99: med(year, 'p99'), runs: 400 * SCALE });
record('availability: empty database', '', { median: round(emptyMedian), p95: med(empty, 'p95'), p99: med(empty, 'p99'), runs: 400 * SCALE });
console.log(JSON.stringify({ availabilityRatio: Math.round((yearMedian / emptyMedian) * 100) / 100 }));
await emptyPool.end();
await admin.query(`drop database ${emptyName}`);
await admin.end();
}

// --- the table for README ---
console.log(`\n| read (database ${YEAR.database}, ${size}, ${tickets} tickets) | goal | median | p95 | p99 |\n|---|---|---|---|---|`);
for (const r of results) console.log(`| ${r.name} | ${r.goal} | ${r.median} ms | ${r.p95} ms | ${r.p99} ms |`);
await yearPool.end();
