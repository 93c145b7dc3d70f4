// `npm start` (scripts/demo.mjs) listens on localhost only, unless HOSTNAME says otherwise: nobody else on
// the network reads the demo's mailbox or signs in as its manager (docs/decisions/0035).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server';

/** Whether a TCP connection to `host:port` is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Addresses of this machine other than 127.0.0.1: another loopback address, and its network interfaces'. */
const elsewhere = () => [
  '127.0.0.2',
  ...Object.values(os.networkInterfaces())
    .flat()
    .filter((i) => i && !i.internal && i.family === 'IPv4')
    .map((i) => i!.address),
];

async function startDemo(hostname: string | undefined) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-demo-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NEXTAUTH_URL: `http://localhost:${port}` };
  delete env.HOSTNAME;
  if (hostname) env.HOSTNAME = hostname;
  const child = spawn(process.execPath, ['scripts/demo.mjs'], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`the demo did not start within 150 s:\n${output}`)), 150_000);
    const check = () => {
      // The build is made before the tests: a demo that wants to build again would take minutes.
      if (output.includes('Building the site')) reject(new Error('the build is older than the sources: run `npx next build` first'));
      if (output.includes('[skypass] ready') && output.includes('Ready in')) {
        clearTimeout(deadline);
        resolve();
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => reject(new Error(`the demo exited (${code}):\n${output}`)));
  });
  return {
    port,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the demo (npm start)', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  beforeAll(async () => {
    demo = await startDemo(undefined);
  }, 180_000);
  afterAll(async () => {
    await demo?.stop();
  });

  it('listens on localhost only, and says where', async () => {
    expect((await fetch(`http://localhost:${demo.port}/api/auth/providers`)).status).toBe(200);
    for (const address of elsewhere()) expect(await accepts(address, demo.port), address).toBe(false);
    expect(demo.output()).toContain(`Skypass demo: http://localhost:${demo.port}`);
  });
});

describe('the demo with HOSTNAME=0.0.0.0', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  beforeAll(async () => {
    demo = await startDemo('0.0.0.0');
  }, 180_000);
  afterAll(async () => {
    await demo?.stop();
  });

  it('listens on every interface, as asked', async () => {
    for (const address of elsewhere()) expect(await accepts(address, demo.port), address).toBe(true);
  });
});
