// The seed of the configured attraction. Idempotent: it runs on every start and changes nothing twice.
import { ATTRACTION } from '../../config/attraction';
import type { Database } from './client';
import { attractions } from './schema';

export async function seed(db: Database): Promise<void> {
  const { slug, name, brand, timeZone, currency } = ATTRACTION;
  await db
    .insert(attractions)
    .values({ slug, name, brand, timeZone, currency })
    .onConflictDoUpdate({ target: attractions.slug, set: { name, brand, timeZone, currency } });
}
