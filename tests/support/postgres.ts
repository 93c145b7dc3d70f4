// A fresh PostgreSQL database for one test run, created from TEST_DATABASE_URL and dropped afterwards.
import { describe } from 'vitest';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { postgresTemplate } from './postgres-template';

export type TestDatabase = { url: string; drop: () => Promise<void> };

/** A migrated and seeded database (a copy of the run's template), or an empty one with `{ empty: true }`. */
export async function createTestDatabase(adminUrl: string, { empty = false } = {}): Promise<TestDatabase> {
  return createScratchDatabase(adminUrl, 'skypass_test', empty ? undefined : await postgresTemplate(adminUrl));
}

/** A suite that needs a PostgreSQL server of its own (TEST_DATABASE_URL). Without one it is reported as
 * skipped, in one line that says why, and the run passes: PostgreSQL is optional (README, "Tests"). */
export function describeOnPostgres(title: string, suite: (adminUrl: string) => void): void {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    describe(title, () => suite(adminUrl));
  } else {
    describe.skip(`${title}: skipped, it needs PostgreSQL (set TEST_DATABASE_URL)`, () => suite(''));
  }
}
