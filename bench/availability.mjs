// Load benchmark of the ticket page's calls on the embedded database:
//   node bench/availability.mjs            (needs a build: npx next build)
// 50 connections, three runs of 10 s each per call; writes the medians into README.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = 3;

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-bench-'));
const url = `http://127.0.0.1:${port}`;
const site = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
  env: { ...process.env, NODE_ENV: 'production', SKYPASS_DEMO: 'true', DATA_DIR: dataDir, NEXTAUTH_URL: url, NEXT_TELEMETRY_DISABLED: '1' },
  stdio: 'ignore',
});
const stop = () => {
  site.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

async function waitForSite() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/auth/providers`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('the site did not start');
}

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
  await waitForSite();
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
