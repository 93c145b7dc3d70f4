// What a migrated and seeded test database holds depends on the migrations, the seed and the configuration
// and texts the seed reads: their hash names a template, so that a template made for other files is never used.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A short hash of everything a template's content depends on. */
export function templateKey(): string {
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

