// Resellers of our OCTO API and their bearer keys. Only a SHA-256 of a key is stored.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { octoResellers } from '@/server/db/schema';

/** In the demo, one reseller with a published key, so that the OCTO API can be tried at once. */
export const DEMO_RESELLER = { id: 'demo-reseller', key: 'skypass-demo-octo-key' };

export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export function parseResellerKeys(value: string | undefined): { id: string; key: string }[] {
  if (!value) return [];
  return value.split(',').map((pair) => {
    const index = pair.indexOf(':');
    return { id: pair.slice(0, index), key: pair.slice(index + 1) };
  });
}

export async function registerResellers(db: Database, resellers: { id: string; key: string }[]): Promise<void> {
  for (const { id, key } of resellers) {
    await db
      .insert(octoResellers)
      .values({ id, keyHash: hashKey(key) })
      .onConflictDoUpdate({ target: octoResellers.id, set: { keyHash: hashKey(key) } });
  }
}

/** The reseller a bearer key belongs to, if any. */
export async function resellerForKey(db: Database, key: string): Promise<string | undefined> {
  const [row] = await db.select({ id: octoResellers.id }).from(octoResellers).where(eq(octoResellers.keyHash, hashKey(key)));
  return row?.id;
}
