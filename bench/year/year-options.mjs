// What the year's seed and its measurements share: the database, and the command line's --name=value options.
export const YEAR = { database: option('database', 'skypass_year') };

/** `--name=value` from the command line, else `fallback`. */
export function option(name, fallback) {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
}

/** The year's database on the local PostgreSQL (BENCH_PG_URL names another server). */
export function yearDatabaseUrl() {
  const server = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
  return `${server}/${YEAR.database}`;
}
