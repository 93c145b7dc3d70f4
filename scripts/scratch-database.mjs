// A PostgreSQL database of its own on the server `adminUrl` names (whose user may create databases), for a
// test run, the browser tests' site or a benchmark; `drop` removes it, connections and all.
import crypto from 'node:crypto';
import pg from 'pg';

/** One statement on the server `adminUrl` names, on a connection of its own (databases are made, renamed and
 * dropped from outside them). @param {string} adminUrl @param {string} sql @param {unknown[]} [values] */
export async function adminQuery(adminUrl, sql, values = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** @param {string} adminUrl @param {string} prefix the database's name starts with it (`skypass_test`)
 * @param {string} [template] a database to copy (PostgreSQL's `create database ... template`); an empty one without */
export async function createScratchDatabase(adminUrl, prefix, template) {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}
