// Load benchmark of the ticket page's calls on the embedded database:
//   node bench/availability.mjs            (needs a build: npx next build)
// 50 connections; three interleaved rounds of 10 s per call, beside a static file of the same server as the
// yardstick; writes the medians into README.md.
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { startBenchSite } from './site.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = 3;

const { url, stop } = await startBenchSite();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One run of 10 s of one call. */
async function run(request) {
  const result = await autocannon({ url: `${url}${request.path}`, connections: CONNECTIONS, duration: SECONDS, ...request });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${request.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

try {
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const calls = [
    {
      name: 'POST /api/auth/octo/products/availability',
      path: '/api/auth/octo/products/availability',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedDate: day }),
    },
    { name: 'GET /api/metadata/getProducts', path: '/api/metadata/getProducts' },
    // The yardstick: a static file of the same server (Next.js serving public/).
    { name: 'GET /favicon.svg (static file)', path: '/favicon.svg' },
  ];
  // Warm up: compile routes, fill caches.
  for (const call of calls) await autocannon({ url: `${url}${call.path}`, connections: 5, amount: 200, ...call });
  // Interleaved: each round measures every call in turn, so a busy moment of the shared machine weighs on
  // all of them alike; each call's ratio to the static file is taken within its round.
  const rounds = [];
  for (let i = 0; i < RUNS; i++) {
    const round = [];
    for (const call of calls) round.push(await run(call));
    rounds.push(round);
  }
  const staticIndex = calls.length - 1;
  const results = calls.map((call, c) => ({
    name: call.name,
    rps: Math.round(median(rounds.map((r) => r[c].rps))),
    p99: median(rounds.map((r) => r[c].p99)),
    ratio: median(rounds.map((r) => r[c].rps / r[staticIndex].rps)),
    runs: rounds.map((r) => r[c]),
  }));

  const stamp = new Date().toISOString().slice(0, 10);
  const rows = results.map((r) => `| ${r.name} | ${r.rps} | ${r.ratio.toFixed(2)} | ${r.p99} ms |`).join('\n');
  const table = `<!-- bench:start -->\nMedian of ${RUNS} interleaved rounds of ${SECONDS} s per call, ${CONNECTIONS} connections, embedded database, ${os.cpus().length} cores (${stamp}, \`node bench/availability.mjs\`); the ratio is to the static file's requests/s in the same round:\n\n| call | requests/s | ratio to the static file | p99 latency |\n|---|---|---|---|\n${rows}\n<!-- bench:end -->`;
  const readme = fs.readFileSync('README.md', 'utf8');
  fs.writeFileSync('README.md', readme.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, table));
  console.log(table);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/availability-${Date.now()}.json`, JSON.stringify(results, null, 2));
} finally {
  stop();
}
