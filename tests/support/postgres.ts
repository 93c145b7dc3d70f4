// A fresh PostgreSQL database for one test run, created from TEST_DATABASE_URL and dropped afterwards.
import crypto from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';

export type TestDatabase = { url: string; drop: () => Promise<void> };

export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `skypass_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
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
