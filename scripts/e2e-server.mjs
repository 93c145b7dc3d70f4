// The site the browser tests drive: the production build in demo mode on a fresh database: a PostgreSQL
// database of its own when TEST_DATABASE_URL names a server (CI), else the embedded one (decision 0062).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from './scratch-database.mjs';
import { NEXT_START } from './next-start.mjs';

// tests/support/fixed-date.ts: one instant for every test, a Wednesday in May with no holiday near.
const FIXED_NOW_ISO = '2027-05-12T10:00:00-04:00';

const port = process.env.PORT ?? '3100';
const staffAddresses = (role) => Array.from({ length: 24 }, (_, i) => `${role}-${i + 1}@staff.example`).join(',');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-e2e-'));
// PostgreSQL runs the site's queries in processes of its own, beside the Node.js server, where PGlite would
// run them on the server's one thread: the browser tests then spend their time in the pages, not in the queue.
const database = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'skypass_e2e') : undefined;
// Playwright's API client keeps idle connections open and does not read the server's Keep-Alive hint: with
// Node's 5 s default, a request sent as the server closes the socket fails with ECONNRESET.
const keepAlive = ['--keepAliveTimeout', '600000'];
const child = spawn(process.execPath, [...NEXT_START, '-p', port, '-H', '127.0.0.1', ...keepAlive], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    // Servers on PostgreSQL must be given their ticket key (src/server/env.ts): one of this run's own.
    ...(database ? { DATABASE_URL: database.url, TICKET_SIGNING_KEY: crypto.randomBytes(32).toString('base64') } : {}),
    NEXTAUTH_URL: `http://localhost:${port}`,
    SKYPASS_DEMO: 'true',
    // Every test signs in several times from one address.
    RATE_LIMIT_SIGNIN_PER_IP: '1000/15m',
    RATE_LIMIT_LOOKUP_PER_IP: '1000/15m',
    RATE_LIMIT_BOOK_PER_IP: '1000/15m',
    RATE_LIMIT_CHANGE_PER_IP: '1000/15m',
    RATE_LIMIT_QUOTE_PER_IP: '1000/15m',
    RATE_LIMIT_GIFT_CARD_LOOKUP_PER_IP: '1000/15m',
    // One fixed instant, whatever the real calendar says (tests/support/fixed-date.ts): the browsers' clocks
    // are set to agree with it (tests/e2e/fixed-clock.ts).
    SKYPASS_CLOCK: FIXED_NOW_ISO,
    // Staff of the browser tests: each spec signs in as addresses of its own, numbered from a base of its own
    // plus the worker's parallelIndex (E2E_WORKERS may raise it): 24 of each role.
    STAFF_EMAILS: staffAddresses('gate'),
    MANAGER_EMAILS: staffAddresses('manager'),
    BOXOFFICE_EMAILS: staffAddresses('boxoffice'),
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database?.drop().catch((error) => console.error(`e2e: could not drop ${database.url}: ${error.message}`));
  process.exit(code ?? 0);
});
