// Starts the built site (`next start`) as a separate process, the way it runs in production.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

export type RunningServer = { url: string; dataDir: string; log: () => string; stop: () => Promise<void> };

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

/** Spawns `next start`; resolves with the process and its output once it exits or `ready` holds. */
export function spawnSite(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

export async function startSite(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-test-'));
  const url = `http://localhost:${port}`;
  const { child, output } = spawnSite({ DATA_DIR: dataDir, NEXTAUTH_URL: url, ...env }, port);
  try {
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the site exited (${child.exitCode}):\n${output()}`);
        // The startup log line is printed once the database is migrated and seeded.
        if (!output().includes('[skypass] ready')) throw new Error(`the site did not start within 60 s:\n${output()}`);
        const res = await fetch(`${url}/api/auth/providers`);
        if (!res.ok) throw new Error(`the site answers ${res.status}`);
      },
      { timeout: 60_000, interval: 150 },
    );
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url,
    dataDir,
    log: output,
    stop: async () => {
      await stopProcess(child);
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
