// A PostgreSQL database of its own on the server `adminUrl` names (whose user may create databases), for a
// test run, the browser tests' site or a benchmark; `drop` removes it, connections and all.
import crypto from 'node:crypto';
import pg from 'pg';

async function run(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** @param {string} adminUrl @param {string} prefix the database's name starts with it (`skypass_test`)
 * @param {string} [template] a database to copy (PostgreSQL's `create database ... template`); an empty one without */
export async function createScratchDatabase(adminUrl, prefix, template) {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  await run(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(adminUrl, `drop database if exists ${name} with (force)`) };
}
