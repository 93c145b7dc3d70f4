// The program's first version is config/program.json (decision 0044), seeded as every versioned document is.
import { programOfFile } from '@/config/program';
import type { Database } from './database';
import { programVersions } from './schema';
import { seedDocument } from './seed-document';

export async function seedProgram(db: Database, now: Date): Promise<void> {
  await seedDocument(db, programVersions, 'config/program.json', programOfFile() as Record<string, unknown>, now);
}
