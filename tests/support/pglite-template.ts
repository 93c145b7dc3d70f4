// One migrated and seeded PGlite data directory per version of the schema, shared by every test file of a
// run (and by later runs while the migrations, the seed and the configuration stay the same). Test files
// copy it instead of migrating a new database each: migrations take about 3 s on PGlite, a copy 0.3 s.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/server/db/client';

/** What decides the template's content: the migrations, the seed and the configuration and texts it reads. */
function contentKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...fs.readdirSync('drizzle', { recursive: true, encoding: 'utf8' }).map((f) => path.join('drizzle', f)),
    // The seed and its parts (the versioned documents' seeds), and the locale files the catalogue's texts come from.
    ...fs.readdirSync('src/server/db').filter((f) => f.startsWith('seed')).map((f) => path.join('src/server/db', f)),
    ...fs.readdirSync('locales').map((l) => path.join('locales', l, 'catalog.json')),
    ...fs.readdirSync('config').map((f) => path.join('config', f)),
  ].sort();
  for (const file of files) {
    if (!fs.statSync(file).isFile()) continue;
    hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

let ready: Promise<string> | undefined;

/** The template's folder (holding `pglite/`), made on first use. Several test processes may make it at
 * once: each builds in a folder of its own and renames it into place; the first rename wins. */
export function pgliteTemplate(): Promise<string> {
  ready ??= (async () => {
    const target = path.join(os.tmpdir(), `skypass-pglite-template-${contentKey()}`);
    if (fs.existsSync(path.join(target, 'complete'))) return target;
    const building = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-pglite-building-'));
    const opened = await openDatabase({ dataDir: building });
    await opened.close();
    fs.writeFileSync(path.join(building, 'complete'), '');
    try {
      fs.renameSync(building, target);
    } catch {
      // Another process put its template there first: use that one.
      fs.rmSync(building, { recursive: true, force: true });
    }
    return target;
  })();
  return ready;
}
