// Jobs per second through the job runner (src/modules/jobs, docs/decisions/0027) on PostgreSQL: each run
// commits JOBS no-op jobs in one transaction, starts RUNNERS runners (each with its own connection pool,
// as separate server processes would have) and times until every job is done; the median of RUNS runs.
// The handler does nothing, so this measures the runner itself: claim (FOR UPDATE SKIP LOCKED, a lease),
// run, and record. Bounded: at most RUNS × JOBS jobs, and a run that takes over 60 s stops the bench.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/jobs.mjs
// (tsx: the runner is TypeScript; the pools are opened here, as tsx cannot load the client's lazy imports)
// (or BENCH_DATABASE_URL; a database of its own is created and dropped). Prints one JSON line per figure.
import { count, eq, sum } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { enqueue } from '@/modules/jobs/enqueue';
import { startJobRunner } from '@/modules/jobs/job-runner';
import * as schema from '@/server/db/schema';
import { jobs } from '@/server/db/schema';
import { createDatabase } from './client.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RUNNERS = [1, 2];
const RUN_LIMIT_MS = 60_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server where this user may create databases.');
  process.exit(2);
}

/** A server process's connection pool (as src/server/db/client.ts opens it: 10 connections). */
function openPool(url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection cut by the server (the database dropped at the end) must not end the bench.
  pool.on('error', (error) => console.error(`[bench] a connection failed: ${error.message}`));
  return { db: drizzle({ client: pool, schema }), close: () => pool.end() };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const noop = { 'webhook.deliver': async () => undefined };

async function doneCount(db) {
  const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'done'));
  return Number(row.n);
}

/** Polls the count (every 20 ms, up to the run's limit) until every job of the run is done. */
async function untilDone(db, target, startedAt) {
  for (;;) {
    if ((await doneCount(db)) >= target) return;
    if (Date.now() - startedAt > RUN_LIMIT_MS) throw new Error(`a run took over ${RUN_LIMIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const database = await createDatabase(adminUrl);
const pools = [];
try {
  for (let i = 0; i < Math.max(...RUNNERS); i++) pools.push(openPool(database.url));
  const { db } = pools[0];
  await migrate(db, { migrationsFolder: 'drizzle' });
  for (const runnerCount of RUNNERS) {
    const rates = [];
    for (let run = 0; run < RUNS; run++) {
      await db.delete(jobs);
      await db.transaction(async (tx) => {
        for (let n = 0; n < JOBS; n++) await enqueue(tx, 'webhook.deliver', { webhookId: 'wh_bench', event: 'booking_update', body: `{"n":${n}}` });
      });
      const startedAt = Date.now();
      const runners = pools.slice(0, runnerCount).map((p) => startJobRunner(p.db, { handlers: noop, leasesAreStale: false }));
      await untilDone(db, JOBS, startedAt);
      const seconds = (Date.now() - startedAt) / 1000;
      for (const runner of runners) await runner.stop();
      // Each job ran once: one attempt each.
      const [{ attempts }] = await db.select({ attempts: sum(jobs.attempts) }).from(jobs);
      if (Number(attempts) !== JOBS) throw new Error(`${attempts} attempts for ${JOBS} jobs`);
      rates.push(JOBS / seconds);
    }
    console.log(JSON.stringify({ database: 'PostgreSQL', runners: runnerCount, jobs: JOBS, runs: RUNS, jobsPerSecond: Math.round(median(rates)), all: rates.map(Math.round) }));
  }
} finally {
  for (const p of pools) await p.close();
  await database.drop();
}
