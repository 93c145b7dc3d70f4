// One migrated and seeded PostgreSQL database per version of the schema, on the test server, copied by every
// test database of a run (and of later runs while the schema stays the same): `create database ... template`
// copies its files in a fraction of a second, where migrating and seeding a new database costs the server
// about 1.5 s of CPU each (decision 0065). Like the PGlite template (pglite-template.ts), named by
// templateKey().
import { openDatabase } from '@/server/db/client';
import { adminQuery, createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { templateKey } from './template-key';

const PREFIX = 'skypass_template_';

/** PostgreSQL's "object in use": a database still has a session (a closed pool's backends end a moment later). */
const IN_USE = '55006';

/** Runs `statement` again while the database it names is still in use by sessions that are ending. */
async function whenUnused<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if ((error as { code?: string }).code !== IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const ready = new Map<string, Promise<string>>();

/** The template's name on the server `adminUrl` names, made on first use. Several test processes may make it
 * at once: each builds a database of its own and renames it; the first rename wins, the others drop theirs. */
export function postgresTemplate(adminUrl: string): Promise<string> {
  let template = ready.get(adminUrl);
  if (!template) {
    template = (async () => {
      const name = `${PREFIX}${templateKey()}`;
      const found = await adminQuery(adminUrl, 'select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = await createScratchDatabase(adminUrl, 'skypass_template_building');
      const opened = await openDatabase({ databaseUrl: building.url, dataDir: '' });
      await opened.close();
      const buildingName = new URL(building.url).pathname.slice(1);
      try {
        await whenUnused(() => adminQuery(adminUrl, `alter database ${buildingName} rename to ${name}`));
      } catch (error) {
        // Another process's template got there first (duplicate database): use that one.
        if ((error as { code?: string }).code !== '42P04') throw error;
        await building.drop();
      }
      return name;
    })();
    ready.set(adminUrl, template);
  }
  return template;
}
