// The time from a restart to every paid order confirmed, after a crash in the middle of payments:
// 20 members pay at once, the site's process group is killed (kill -9) as the first payment is answered,
// and the site is started again on the same data. Measured from the restart (the new process spawned)
// until every order the gateway took money for is confirmed and its tickets e-mail sent, with no member
// calling anything: the payments' check jobs do it. Runs on the embedded database, and on PostgreSQL too when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server where that user may create databases.
//   node bench/restart-recovery.mjs          (needs a build: npx next build)
// Writes the medians into README.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { browserClient, createDatabase } from './client.mjs';
import { BENCH_TICKET_KEY, freePort } from './site.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MEMBERS = 20;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;


/** The built site in a process group of its own; resolves once it is ready. */
async function startSite(env, port) {
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', SKYPASS_DEMO: 'true', NEXTAUTH_URL: `http://localhost:${port}`, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise((resolve, reject) => {
    const check = () => output.includes('[skypass] ready') && output.includes('Ready in') && resolve();
    child.stdout.on('data', check);
    child.once('exit', (code) => reject(new Error(`the site exited (${code}):\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    crash: async () => {
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function query(store, sql) {
  if (store.databaseUrl) {
    const client = new pg.Client({ connectionString: store.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(store.dataDir, 'pglite'), { extensions: { pg_trgm } }); // as the app opens it (its trigram indexes)
  try {
    return (await db.query(sql)).rows;
  } finally {
    await db.close();
  }
}

/** The orders the gateway took money for, as the database holds them after the crash (PGlite: read while
 * no site runs; one process may open it). */
const PAID = `select o.booking_uuid, o.status from orders o join payments p on p.id = o.payment_id join test_payment_sessions s on s.id = p.gateway_session_id where s.status = 'paid'`;


async function oneRun(backend) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-recovery-'));
  const database = backend === 'PostgreSQL' ? await createDatabase(adminUrl) : undefined;
  const env = { DATA_DIR: dataDir, TICKET_SIGNING_KEY: BENCH_TICKET_KEY, RATE_LIMIT_SIGNIN_PER_IP: '1000/15m', RATE_LIMIT_LOOKUP_PER_IP: '1000/15m', TRUST_PROXY: 'true', ...(database ? { DATABASE_URL: database.url } : {}) };
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let site = await startSite(env, port);
  try {
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const slots = await (await fetch(`${baseUrl}/octo/availability`, {
      method: 'POST',
      headers: { authorization: 'Bearer skypass-demo-octo-key', 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day }),
    })).json();
    const selectedTime = slots.find((s) => s.available).id;
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, async () => {
        const m = browserClient(baseUrl);
        await m.signIn();
        const started = await (await m.json('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime })).json();
        return { ...m, sessionId: started.paymentSession.id, bookingId: started.bookingId };
      }),
    );
    const payments = members.map((m) => m.json('/api/payments/test/pay', { sessionId: m.sessionId, card: CARD }).then((r) => r.status, () => 'cut'));
    await Promise.race(payments);
    await site.crash();
    const answered = (await Promise.all(payments)).filter((a) => a !== 'cut').length;
    const store = { dataDir, databaseUrl: database?.url };
    const paid = await query(store, PAID);
    const paidMembers = members.filter((m) => paid.some((p) => p.booking_uuid === m.bookingId));

    const restart = performance.now();
    site = await startSite(env, port);
    const ready = performance.now() - restart;
    // PostgreSQL can be read while the site runs: when was every paid order confirmed?
    let confirmed = database && paid.every((p) => p.status === 'CONFIRMED') ? ready : undefined;
    let waiting = paidMembers;
    while (waiting.length > 0) {
      if (performance.now() - restart > 120_000) throw new Error(`${waiting.length} paid orders not recovered after 120 s`);
      await new Promise((r) => setTimeout(r, 200));
      if (database && confirmed === undefined) {
        const rows = await query(store, PAID);
        if (rows.every((p) => p.status === 'CONFIRMED')) confirmed = performance.now() - restart;
      }
      const mailed = await Promise.all(waiting.map(async (m) => (await m.outbox()).some((x) => x.subject.startsWith('Your tickets'))));
      waiting = waiting.filter((_, i) => !mailed[i]);
    }
    const emailed = performance.now() - restart;
    return {
      answered,
      paid: paid.length,
      pendingAtCrash: paid.filter((p) => p.status === 'PENDING_PAYMENT').length,
      readyMs: Math.round(ready),
      confirmedMs: confirmed === undefined ? null : Math.round(confirmed ?? emailed),
      emailedMs: Math.round(emailed),
    };
  } finally {
    await site.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const backends = ['PGlite', ...(adminUrl ? ['PostgreSQL'] : [])];
const results = {};
for (const backend of backends) {
  results[backend] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun(backend);
    console.log(backend, JSON.stringify(run));
    results[backend].push(run);
  }
}

const stamp = new Date().toISOString().slice(0, 10);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rows = backends.map((b) => {
  const runs = results[b];
  const figure = (key) => (runs.some((r) => r[key] === null) ? 'seen by its e-mail (the site alone may open the database)' : `${seconds(median(runs.map((r) => r[key])))} (slowest ${seconds(Math.max(...runs.map((r) => r[key])))})`);
  return `| ${b} | ${figure('confirmedMs')} | ${figure('emailedMs')} | ${seconds(median(runs.map((r) => r.readyMs)))} | ${median(runs.map((r) => r.paid))} (${median(runs.map((r) => r.pendingAtCrash))}) |`;
});
const table = `<!-- recovery:start -->
Restart after a crash in the middle of ${MEMBERS} payments (kill -9 of the site's process group as the first payment is answered), ${RUNS} runs per database, ${os.cpus().length} cores (${stamp}, \`node bench/restart-recovery.mjs\`). Times from the restart (the new process spawned), with no member calling anything; medians:

| database | every paid order confirmed | and every tickets e-mail sent | of which starting | paid orders (still pending at the crash) |
|---|---|---|---|---|
${rows.join('\n')}
<!-- recovery:end -->`;
const readme = fs.readFileSync('README.md', 'utf8');
fs.writeFileSync('README.md', readme.includes('<!-- recovery:start -->') ? readme.replace(/<!-- recovery:start -->[\s\S]*<!-- recovery:end -->/, table) : readme.replace('<!-- weight:start -->', `${table}\n\n<!-- weight:start -->`));
console.log(table);
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(`bench/results/restart-recovery-${Date.now()}.json`, JSON.stringify(results, null, 2));
