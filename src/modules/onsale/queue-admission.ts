// The hold API's side of the queue (decision 0056): a hold of a product and day that a live on-sale covers
// needs that on-sale's pass, for this very member, not expired and not used. The pass is used in the hold's
// own transaction (`consume`, called where the order is written), so two holds racing on one pass give one
// order and the other gives its places back. When the queue's store is down (an error), the hold goes through
// without a pass (fail-open); when it is only slow (no answer in time), the hold is refused for a moment
// (503, queueBusy, nothing held): a slow store never lets a hold through without a pass.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { onsaleQueue } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { localDatePart } from '@/universal/local-date';
import type { OnsaleDeps } from './deps';
import { FAIL_OPEN, orFailOpen, STORE_BUSY } from './fail-open';
import { liveOnsales } from './onsale-reads';
import { checkPass } from './queue-pass';
import { askSoldOutCheck } from './sold-out';
import type { OnsaleRow } from './onsale-row';

/** A hold let through an on-sale's queue: `consume` uses its pass inside the hold's transaction, and asks there
 * for the read that tells the queue when the on-sale is sold out (sold-out.ts). */
export type QueueAdmission = { onsale: OnsaleRow; consume: (tx: Database) => Promise<void> };

/** The live on-sale whose queue covers a hold of `productId` on the local date of `availabilityId`, if any:
 * the earliest to open. From the live on-sales this server read within `deps.cacheMs` (onsale-reads.ts). */
export async function onsaleCovering(deps: OnsaleDeps, productId: string, availabilityId: string): Promise<OnsaleRow | undefined> {
  const day = localDatePart(availabilityId);
  return (await liveOnsales(deps)).find((row) => (row.productId === null || row.productId === productId) && (row.day === null || row.day === day));
}

/** Seconds a hold refused by a slow queue store is told to wait before trying again. */
export const QUEUE_BUSY_RETRY_SECONDS = 5;

const queueBusy = () => new AppError('UNAVAILABLE', 'queueBusy', {}, { 'Retry-After': String(QUEUE_BUSY_RETRY_SECONDS) });

/**
 * Undefined when no queue stands in the way (no live on-sale covers the hold, or the store is down);
 * the admission to use otherwise. Refuses (QUEUE_REQUIRED) a hold without a valid pass, and one whose pass
 * was used already; refuses for a moment (UNAVAILABLE queueBusy) a hold the slow store cannot check in time.
 */
export async function queueAdmission(
  deps: OnsaleDeps,
  hold: { userId: string; productId: string; availabilityId: string },
  passOf: (onsaleId: string) => string | undefined,
): Promise<QueueAdmission | undefined> {
  const now = deps.now();
  const covering = await orFailOpen(deps, 'admission', () => onsaleCovering(deps, hold.productId, hold.availabilityId));
  if (covering === STORE_BUSY) throw queueBusy();
  if (covering === FAIL_OPEN || !covering) return undefined;
  const onsaleId = covering.id;
  const check = checkPass(passOf(onsaleId), { onsaleId, userId: hold.userId }, deps.secret, now);
  if (!check.valid) throw new AppError('QUEUE_REQUIRED', check.reason === 'expired' ? 'queuePassExpired' : 'queueRequired');
  const entry = await orFailOpen(deps, 'pass', async () => {
    const [row] = await deps.db.select().from(onsaleQueue).where(and(eq(onsaleQueue.onsaleId, onsaleId), eq(onsaleQueue.userId, hold.userId)));
    return row;
  });
  if (entry === STORE_BUSY) throw queueBusy();
  if (entry === FAIL_OPEN) return undefined;
  if (!entry?.admittedAt) throw new AppError('QUEUE_REQUIRED', 'queueRequired');
  if (entry.passUsedAt) throw new AppError('QUEUE_REQUIRED', 'queuePassUsed');
  return {
    onsale: covering,
    async consume(tx) {
      const used = await tx
        .update(onsaleQueue)
        .set({ passUsedAt: deps.now() })
        .where(and(eq(onsaleQueue.onsaleId, onsaleId), eq(onsaleQueue.userId, hold.userId), isNotNull(onsaleQueue.admittedAt), isNull(onsaleQueue.passUsedAt)))
        .returning({ userId: onsaleQueue.userId });
      if (used.length === 0) throw new AppError('QUEUE_REQUIRED', 'queuePassUsed');
      await askSoldOutCheck(tx, covering, deps.now());
    },
  };
}
