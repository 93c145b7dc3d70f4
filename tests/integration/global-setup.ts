// Starts the sites the integration tests talk to: one on the embedded database (PGlite), and one on
// PostgreSQL when TEST_DATABASE_URL names a server (.ci/run always sets it).
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { ensureBuilt, startSite, type RunningServer } from '../support/server';
import { TEST_SITE_ENV, type Backend } from './sites';

declare module 'vitest' {
  export interface ProvidedContext {
    backends: Backend[];
  }
}

export default async function setup(project: TestProject) {
  ensureBuilt();
  const started: RunningServer[] = [];
  let database: TestDatabase | undefined;
  const backends: Backend[] = [];
  try {
    const pglite = await startSite(TEST_SITE_ENV);
    started.push(pglite);
    backends.push({ name: 'PGlite', url: pglite.url });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      database = await createTestDatabase(adminUrl);
      const postgres = await startSite({ ...TEST_SITE_ENV, DATABASE_URL: database.url });
      started.push(postgres);
      backends.push({ name: 'PostgreSQL', url: postgres.url, databaseUrl: database.url });
    } else {
      console.warn('TEST_DATABASE_URL is not set: the integration tests run on PGlite only (README, "Tests").');
    }
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    await database?.drop();
    throw error;
  }
  project.provide('backends', backends);
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
    await database?.drop();
  };
}
