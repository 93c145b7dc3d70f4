// The catalogue's first version is config/catalog.json (decision 0055), seeded as every versioned document is.
import { catalogOfFile } from '@/config/catalog';
import type { Database } from './database';
import { catalogVersions } from './schema';
import { seedDocument } from './seed-document';

export async function seedCatalog(db: Database, now: Date): Promise<void> {
  await seedDocument(db, catalogVersions, 'config/catalog.json', catalogOfFile() as Record<string, unknown>, now);
}
