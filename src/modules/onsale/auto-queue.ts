// The queue switches itself on (decision 0056): outside a scheduled on-sale, when the site held more than
// ONSALE_AUTO_HOLDS_PER_MINUTE bookings (orders written) in the last minute, an automatic on-sale of every
// product and every day opens at once for AUTO_QUEUE_MINUTES, letting buyers through at the threshold's
// rate. Each server looks at most every AUTO_CHECK_MS; the on-sale row is shared, so the first server to see
// the rush opens the queue for all of them (one automatic on-sale at a time, under an advisory lock).
import { count, gt, inArray, sql } from 'drizzle-orm';
import { log } from '@/server/log';
import { onsales, orders } from '@/server/db/schema';
import { processGlobal } from '@/universal/process-global';
import type { OnsaleDeps } from './deps';
import { forgetOnsale } from './onsale-reads';
import { LIVE_ONSALE_STATUSES } from './onsale-states';

export const AUTO_QUEUE_MINUTES = 10;
export const AUTO_CHECK_MS = 5_000;

const lastCheck = processGlobal<{ at: number }>('onsale-auto-check', () => ({ at: 0 }));

/** Opens an automatic queue when the last minute's holds passed `threshold` (0: never); answers whether it did. */
export async function switchOnWhenBusy(deps: OnsaleDeps, threshold: number): Promise<boolean> {
  if (threshold <= 0) return false;
  const now = deps.now();
  // Durations on the real clock; the shop's time for what is written.
  if (Date.now() - lastCheck.at < AUTO_CHECK_MS) return false;
  lastCheck.at = Date.now();
  const [held] = await deps.db.select({ n: count() }).from(orders).where(gt(orders.createdAt, new Date(now.getTime() - 60_000)));
  if ((held?.n ?? 0) <= threshold) return false;
  const opened = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skypass-onsale-auto'))`);
    const [live] = await tx.select({ id: onsales.id }).from(onsales).where(inArray(onsales.status, [...LIVE_ONSALE_STATUSES])).limit(1);
    if (live) return false;
    await tx.insert(onsales).values({
      kind: 'auto',
      status: 'OPEN',
      opensAt: now,
      endsAt: new Date(now.getTime() + AUTO_QUEUE_MINUTES * 60_000),
      ratePerMinute: threshold,
      tickedAt: now,
      createdBy: 'auto',
    });
    log.warn('[onsale] the queue switched itself on', { holdsLastMinute: held?.n, threshold, minutes: AUTO_QUEUE_MINUTES });
    return true;
  });
  // This server's next holds need the new queue's pass at once.
  if (opened) forgetOnsale();
  return opened;
}

