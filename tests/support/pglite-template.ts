// One migrated and seeded PGlite data directory per version of the schema, shared by every test file of a
// run (and by later runs while the migrations, the seed and the configuration stay the same). Test files
// copy it instead of migrating a new database each: migrations take about 3 s on PGlite, a copy 0.3 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/server/db/client';
import { templateKey } from './template-key';

let ready: Promise<string> | undefined;

/** The template's folder (holding `pglite/`), made on first use. Several test processes may make it at
 * once: each builds in a folder of its own and renames it into place; the first rename wins. */
export function pgliteTemplate(): Promise<string> {
  ready ??= (async () => {
    const target = path.join(os.tmpdir(), `skypass-pglite-template-${templateKey()}`);
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
