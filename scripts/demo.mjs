// `npm start`: the demo site on the embedded defaults (PGlite, outbox mail), built first when the
// build is missing or older than the sources. It listens on localhost only, unless HOSTNAME names another
// address (docs/decisions/0035): its mailbox and its demo manager are open to whoever reaches it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NEXT_START } from './next-start.mjs';

const SOURCES = ['src', 'locales', 'config', 'public', 'drizzle', 'next.config.ts', 'locales.config.js', 'package.json'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const buildId = path.join('.next', 'BUILD_ID');
const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the site (once, and again after the sources change)…');
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT ?? '3000';
const hostname = process.env.HOSTNAME || 'localhost';
const shown = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname.includes(':') ? `[${hostname}]` : hostname;
console.log(`\nSkypass demo: http://${shown}:${port}  (sign-in e-mails: http://${shown}:${port}/dev/mailbox)\n`);
const site = spawn(process.execPath, [...NEXT_START, '-p', port, '-H', hostname], {
  stdio: 'inherit',
  env: { NEXT_TELEMETRY_DISABLED: '1', SKYPASS_DEMO: 'true', ...process.env, NODE_ENV: 'production', PORT: port },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => site.kill(signal));
site.on('exit', (code) => process.exit(code ?? 0));
