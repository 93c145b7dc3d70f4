// The program's first version is config/program.json (decision 0044). A section the file has and the
// newest version lacks (a section added to the program since, with its demo values in the file) is
// added from the file as a new version, so a new section never leaves the database's program invalid.
import { desc, sql } from 'drizzle-orm';
import { programOfFile } from '@/config/program';
import type { Database } from './database';
import { programVersions } from './schema';

export async function seedProgram(db: Database, now: Date): Promise<void> {
  const file = programOfFile() as Record<string, unknown>;
  const [newest] = await db.select().from(programVersions).orderBy(desc(programVersions.version)).limit(1);
  if (!newest) {
    // Two servers starting at once: one inserts version 1, the other's insert does nothing.
    await db.insert(programVersions).values({ version: 1, document: file, editedBy: null, reason: 'config/program.json', createdAt: now }).onConflictDoNothing();
    return;
  }
  const missing = Object.keys(file).filter((section) => !(section in newest.document));
  if (missing.length === 0) return;
  const document = { ...newest.document, ...Object.fromEntries(missing.map((section) => [section, file[section]])) };
  await db
    .insert(programVersions)
    .values({ version: sql`${newest.version} + 1`, document, editedBy: null, reason: `config/program.json: ${missing.join(', ')}`, createdAt: now })
    .onConflictDoNothing();
}
