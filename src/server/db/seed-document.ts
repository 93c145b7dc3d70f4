// The first version of a versioned document (the program, the catalogue: decisions 0044, 0055) is its
// file. A top-level section the file has and the newest version lacks (a section added to the document
// since, with its demo values in the file) is added from the file as a new version, so a new section never
// leaves the database's document invalid. Later edits of the file change nothing else.
import { desc, sql } from 'drizzle-orm';
import type { Database } from './database';
import type { DocumentVersionsTable } from './schema';

export async function seedDocument(db: Database, table: DocumentVersionsTable, source: string, file: Record<string, unknown>, now: Date): Promise<void> {
  const [newest] = await db.select().from(table).orderBy(desc(table.version)).limit(1);
  if (!newest) {
    // Two servers starting at once: one inserts version 1, the other's insert does nothing.
    await db.insert(table).values({ version: 1, document: file, editedBy: null, reason: source, createdAt: now }).onConflictDoNothing();
    return;
  }
  const missing = Object.keys(file).filter((section) => !(section in newest.document));
  if (missing.length === 0) return;
  const document = { ...newest.document, ...Object.fromEntries(missing.map((section) => [section, file[section]])) };
  await db
    .insert(table)
    .values({ version: sql`${newest.version} + 1`, document, editedBy: null, reason: `${source}: ${missing.join(', ')}`, createdAt: now })
    .onConflictDoNothing();
}
