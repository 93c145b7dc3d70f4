// Load benchmark of the ticket page's calls on the embedded database:
//   node bench/availability.mjs            (needs a build: npx next build)
// 50 connections, three runs of 10 s each per call; writes the medians into README.md.
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { startBenchSite } from './site.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = 3;

const { url, stop } = await startBenchSite();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(name, request) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await autocannon({ url: `${url}${request.path}`, connections: CONNECTIONS, duration: SECONDS, ...request });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    runs.push({ rps: result.requests.average, p99: result.latency.p99 });
  }
  return { name, rps: Math.round(median(runs.map((r) => r.rps))), p99: median(runs.map((r) => r.p99)), runs };
}

try {
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const availability = {
    path: '/api/auth/octo/products/availability',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedDate: day }),
  };
  // Warm up: compile routes, fill caches.
  await autocannon({ url: `${url}${availability.path}`, connections: 5, amount: 200, ...availability });
  const results = [await measure('POST /api/auth/octo/products/availability', availability), await measure('GET /api/metadata/getProducts', { path: '/api/metadata/getProducts' })];

  const stamp = new Date().toISOString().slice(0, 10);
  const rows = results.map((r) => `| ${r.name} | ${r.rps} | ${r.p99} ms |`).join('\n');
  const table = `<!-- bench:start -->\nMedian of ${RUNS} runs of ${SECONDS} s, ${CONNECTIONS} connections, embedded database, ${os.cpus().length} cores (${stamp}, \`node bench/availability.mjs\`):\n\n| call | requests/s | p99 latency |\n|---|---|---|\n${rows}\n<!-- bench:end -->`;
  const readme = fs.readFileSync('README.md', 'utf8');
  fs.writeFileSync('README.md', readme.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, table));
  console.log(table);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/availability-${Date.now()}.json`, JSON.stringify(results, null, 2));
} finally {
  stop();
}
