// Starts the built site (`next start`) as a separate process, the way it runs in production.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverNow } from '@/server/clock';
import { NEXT_START } from '../../scripts/next-start.mjs';
import { TEST_NODE_FLAGS } from './node-flags';
import { pgliteTemplate } from './pglite-template';

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  log: () => string;
  stop: () => Promise<void>;
  /** kill -9 of the site's process group, as a crash would (a site started with `detached`); keeps DATA_DIR. */
  crash: () => Promise<void>;
};

export type SiteOptions = {
  /** The port to listen on (a restart takes the crashed site's); a free one by default. */
  port?: number;
  /** In a process group of its own, so that `crash` can kill the whole group. */
  detached?: boolean;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function ensureBuilt(): void {
  if (!fs.existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npx next build` (npm test does) before these tests');
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Spawns `next start`; resolves with the process and its output once it exits or `ready` holds. Its clock
 * starts where this test process's clock is (tests/support/fixed-date.ts), unless `env` says otherwise. */
export function spawnSite(env: Record<string, string>, port: number, detached = false) {
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, ...NEXT_START, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), SKYPASS_CLOCK: serverNow().toISOString(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

export async function startSite(env: Record<string, string> = {}, options: SiteOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-test-'));
  // A new embedded database starts as a copy of the migrated and seeded template, as the test files' own do
  // (a site that migrates its own spent about 3 CPU-seconds on it); a given DATA_DIR is the test's to fill.
  if (!env.DATA_DIR && !env.DATABASE_URL) fs.cpSync(await pgliteTemplate(), dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  const { child, output } = spawnSite({ DATA_DIR: dataDir, NEXTAUTH_URL: url, ...env }, port, options.detached);
  // Event-driven, not polled: the start-up log line is printed once the database is migrated and seeded
  // (this runs in vitest's global setup too, where vi.waitFor is not available).
  try {
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`the site did not start within 150 s:\n${output()}`)), 150_000);
      const settle = (error?: Error) => {
        clearTimeout(deadline);
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      // Ours is printed when the database is ready; Next's "Ready in" when it listens.
      const onData = () => output().includes('[skypass] ready') && output().includes('Ready in') && settle();
      const onExit = (code: number | null) => settle(new Error(`the site exited (${code}):\n${output()}`));
      child.stdout!.on('data', onData);
      child.on('exit', onExit);
      onData();
    });
    const res = await fetch(`${url}/api/auth/providers`);
    if (!res.ok) throw new Error(`the site answers ${res.status}:\n${output()}`);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    log: output,
    stop: async () => {
      await stopProcess(child);
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    crash: async () => {
      if (!options.detached) throw new Error('only a site started with `detached` can crash as a process group');
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
  };
}
