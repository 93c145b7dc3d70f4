// Starts the sites the integration tests talk to: one on the embedded database (PGlite), and one on
// PostgreSQL when TEST_DATABASE_URL names a server (.ci/run always sets it).
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { ensureBuilt, startSite, type RunningServer } from '../support/server';
import { setServerClock } from '@/server/clock';
import { FIXED_NOW } from '../support/fixed-date';
import { TEST_SITE_ENV, type Backend } from './sites';

declare module 'vitest' {
  export interface ProvidedContext {
    backends: Backend[];
    /** The real time (ms) at which the test sites' clocks started at FIXED_NOW: each test file's clock agrees with theirs. */
    clockStartedAt: number;
  }
}

export default async function setup(project: TestProject) {
  ensureBuilt();
  // Every site this process starts begins its clock here (spawnSite hands it this process's clock).
  const clockStartedAt = Date.now();
  setServerClock(FIXED_NOW);
  const started: RunningServer[] = [];
  let database: TestDatabase | undefined;
  const backends: Backend[] = [];
  try {
    const adminUrl = process.env.TEST_DATABASE_URL;
    // Both sites start at once: each start spends most of its time waiting on its own process.
    const [pglite, postgres] = await Promise.allSettled([
      startSite(TEST_SITE_ENV),
      adminUrl ? createTestDatabase(adminUrl).then((created) => ((database = created), startSite({ ...TEST_SITE_ENV, DATABASE_URL: created.url }))) : Promise.resolve(undefined),
    ]);
    for (const result of [pglite, postgres]) if (result.status === 'fulfilled' && result.value) started.push(result.value);
    if (pglite.status === 'rejected') throw pglite.reason;
    if (postgres.status === 'rejected') throw postgres.reason;
    backends.push({ name: 'PGlite', url: pglite.value.url });
    if (postgres.value) {
      backends.push({ name: 'PostgreSQL', url: postgres.value.url, databaseUrl: database!.url });
    } else {
      console.warn('TEST_DATABASE_URL is not set: the integration tests run on PGlite only; the suites that need PostgreSQL show as skipped (README, "Tests").');
    }
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    await database?.drop();
    throw error;
  }
  project.provide('backends', backends);
  project.provide('clockStartedAt', clockStartedAt);
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
    await database?.drop();
  };
}
