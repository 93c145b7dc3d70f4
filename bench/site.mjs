// The built site on a free port and a fresh embedded database, for a benchmark to measure.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NEXT_START } from '../scripts/next-start.mjs';

export async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** One ticket signing key for every site this benchmark starts: servers on one database must share it (decision 0033). */
export const BENCH_TICKET_KEY = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(16).toString('base64');

/** `env` adds to or overrides the site's environment (NEXTAUTH_URL for an address of its own). BENCH_PORT:
 * the port to use (a shared machine's share of ports), else a free one; `portOffset` for the second and later
 * servers of one benchmark. BENCH_NODE_ARGS: Node's own options for the site (`--cpu-prof --cpu-prof-dir=D` for
 * a profile, written when it stops). */
export async function startBenchSite(host = '127.0.0.1', env = {}, { portOffset = 0 } = {}) {
  const port = Number(process.env.BENCH_PORT) ? Number(process.env.BENCH_PORT) + portOffset : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-bench-'));
  const url = `http://${host}:${port}`;
  const site = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...NEXT_START, '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', SKYPASS_DEMO: 'true', DATA_DIR: dataDir, NEXTAUTH_URL: url, NEXT_TELEMETRY_DISABLED: '1', TICKET_SIGNING_KEY: BENCH_TICKET_KEY, ...env },
    stdio: 'ignore',
  });
  const stop = () => {
    site.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/auth/providers`)).ok) return { url, port, stop, pid: site.pid };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  stop();
  throw new Error('the site did not start: is there a build (npx next build)?');
}

/** The gate benchmarks' site: `gates` staff addresses, limits out of the way, and a gate that admits the
 * next slots sold (they may start hours away, a day and a half on the eve of a closed day). */
export const gateEmail = (n) => `gate-${n}@bench.example`;

export async function startGateBenchSite(gates, database, env = {}) {
  return startBenchSite('127.0.0.1', {
    TRUST_PROXY: 'true',
    STAFF_EMAILS: Array.from({ length: gates }, (_, i) => gateEmail(i + 1)).join(','),
    MANAGER_EMAILS: 'manager@bench.example',
    GATE_TOLERANCE_MINUTES: '2880',
    RATE_LIMIT_SIGNIN_PER_IP: '1000/15m',
    RATE_LIMIT_LOOKUP_PER_IP: '1000/15m',
    RATE_LIMIT_BOOK_PER_MEMBER: '1000/15m',
    RATE_LIMIT_BOOK_PER_IP: '1000/15m',
    ...env,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
}
