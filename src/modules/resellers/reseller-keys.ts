// Resellers of our OCTO API and their bearer keys. Only a SHA-256 of a key is stored. At start-up the
// database is made to hold exactly the configured resellers: one removed from OCTO_RESELLER_KEYS is
// revoked: its unpaid holds are released (docs/decisions/0014), its webhooks deleted and their pending
// deliveries cancelled (0034).
import crypto from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { octoResellers, octoWebhooks } from '@/server/db/schema';
import { isDemoKey } from '@/server/demo-keys';
import { releaseResellerHolds } from '../inventory/release-reseller-holds';
import { cancelPendingJobs } from '../jobs/cancel-jobs';
import { serverNow } from '@/server/clock';

export type ResellerKey = { id: string; key: string };

/** The reseller id of the website's own bookings in the local supplier. */
export const WEBSITE_RESELLER = 'website';

/** Ids a reseller may not take: a reseller sees the bookings of its id, and these are not theirs. */
export const RESERVED_RESELLER_IDS: readonly string[] = [WEBSITE_RESELLER];

export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export function parseResellerKeys(value: string | undefined): ResellerKey[] {
  if (!value) return [];
  return value.split(',').map((pair) => {
    const index = pair.indexOf(':');
    return { id: pair.slice(0, index), key: pair.slice(index + 1) };
  });
}

/** Why these resellers cannot be configured, in one line, or undefined when they can. */
export function resellerKeysRefusal(resellers: ResellerKey[]): string | undefined {
  const reserved = resellers.find((r) => RESERVED_RESELLER_IDS.includes(r.id));
  if (reserved) return `OCTO_RESELLER_KEYS: the reseller id "${reserved.id}" is reserved for the site's own bookings; choose another id`;
  const ids = resellers.map((r) => r.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice) return `OCTO_RESELLER_KEYS: the reseller id "${twice}" is listed twice`;
  const keys = resellers.map((r) => r.key);
  const shared = resellers.find((r, index) => keys.indexOf(r.key) !== index);
  if (shared) return `OCTO_RESELLER_KEYS: the reseller "${shared.id}" has the key of another reseller; give each its own`;
  return undefined;
}

export type ResellerSync = { registered: string[]; revoked: string[]; holdsReleased: number; webhooksDeleted: number; deliveriesCancelled: number };

/** Makes the database hold exactly `resellers`: registers or re-keys them, revokes every other reseller,
 * releases the holds it still had (places a reseller that is gone would never confirm) and deletes its
 * webhooks with their pending deliveries. */
export async function syncResellers(db: Database, resellers: ResellerKey[], now = serverNow()): Promise<ResellerSync> {
  const ids = resellers.map((r) => r.id);
  return db.transaction(async (tx) => {
    for (const { id, key } of resellers) {
      // A key that moved to another reseller must be free before it is given.
      await tx.delete(octoResellers).where(and(eq(octoResellers.keyHash, hashKey(key)), notInArray(octoResellers.id, [id])));
      await tx
        .insert(octoResellers)
        .values({ id, keyHash: hashKey(key) })
        .onConflictDoUpdate({ target: octoResellers.id, set: { keyHash: hashKey(key) } });
    }
    const revoked = await tx
      .delete(octoResellers)
      .where(ids.length ? notInArray(octoResellers.id, ids) : undefined)
      .returning({ id: octoResellers.id });
    const revokedIds = revoked.map((r) => r.id);
    const holdsReleased = await releaseResellerHolds(tx, revokedIds, now);
    // A revoked reseller is told nothing more: neither new notifications nor those already queued.
    const hooks = revokedIds.length
      ? await tx.delete(octoWebhooks).where(inArray(octoWebhooks.resellerId, revokedIds)).returning({ id: octoWebhooks.id })
      : [];
    const hookIds = hooks.map((h) => h.id);
    const deliveriesCancelled = await cancelPendingJobs(tx, 'webhook.deliver', 'webhookId', hookIds, 'the reseller was revoked', now);
    return { registered: ids, revoked: revokedIds, holdsReleased, webhooksDeleted: hookIds.length, deliveriesCancelled };
  });
}

/** The reseller a bearer key belongs to, if any. A published demo key opens nothing outside demo mode,
 * whatever a database the demo used still holds. */
export async function resellerForKey(db: Database, key: string, demoMode: boolean): Promise<string | undefined> {
  if (!demoMode && isDemoKey(key)) return undefined;
  const [row] = await db.select({ id: octoResellers.id }).from(octoResellers).where(eq(octoResellers.keyHash, hashKey(key)));
  return row?.id;
}
