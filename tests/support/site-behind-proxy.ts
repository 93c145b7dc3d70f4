// A test site on a PostgreSQL database of its own, reached through a TCP proxy the test can cut: a database
// outage as the site sees it (PGlite is embedded: it has none of its own).
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './postgres';
import { startSite, type RunningServer } from './server';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export type SiteBehindProxy = { database: TestDatabase; proxy: TcpProxy; site: RunningServer };

/** Registers in the calling describe: before all, the database, the proxy and the site on `env`; after all,
 * the three gone. The answer is filled in by beforeAll. */
export function useSiteBehindProxy(adminUrl: string, env: Record<string, string>): SiteBehindProxy {
  const behind = {} as Partial<SiteBehindProxy>;
  beforeAll(async () => {
    behind.database = await createTestDatabase(adminUrl);
    const target = new URL(behind.database.url);
    behind.proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.hostname = '127.0.0.1';
    target.port = String(behind.proxy.port);
    behind.site = await startSite({ ...env, DATABASE_URL: target.toString() });
  }, 120_000);
  afterAll(async () => {
    await behind.site?.stop();
    await behind.proxy?.close();
    await behind.database?.drop();
  });
  return behind as SiteBehindProxy;
}
