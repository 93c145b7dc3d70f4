// Nothing paid is left waiting: the sweeper asks the gateway about every pending order whose payment
// session may still be paid, and completes the paid ones exactly as a member's return or a webhook would
// (confirmed, or refunded when the hold ran out). It heals a crash between the charge and the completion,
// a lost webhook, and a member who never comes back. An order whose session closed unpaid leaves the sweep.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { completeCheckout, type Completion } from './complete-checkout';
import type { CheckoutDeps } from './deps';

/** How often one pending order is asked about: every gateway call costs (Stripe's API). */
export const PAYMENT_RECHECK_MS = 15_000;

export type SweepRun = { checked: number; completed: number; failed: number };

export async function sweepPaidOrders(deps: CheckoutDeps, batch = 25): Promise<SweepRun> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  // Orders being completed by someone (an unexpired lease) wait for it; a crashed worker's lease runs out.
  const due = and(
    eq(orders.status, 'PENDING_PAYMENT'),
    lte(orders.nextPaymentCheckAt, now),
    or(isNull(orders.completionLeaseUntil), lt(orders.completionLeaseUntil, now)),
  );
  const candidates = db.select({ id: orders.id }).from(orders).where(due).orderBy(asc(orders.nextPaymentCheckAt)).limit(batch).for('update', { skipLocked: true });
  // Claimed by moving the next check on: another server's sweeper skips them.
  const claimed = await db
    .update(orders)
    .set({ nextPaymentCheckAt: new Date(now.getTime() + PAYMENT_RECHECK_MS) })
    .where(and(inArray(orders.id, candidates), due))
    .returning({ id: orders.id, paymentSessionId: orders.paymentSessionId });

  const run: SweepRun = { checked: claimed.length, completed: 0, failed: 0 };
  for (const order of claimed) {
    let outcome: Completion['outcome'];
    try {
      ({ outcome } = await completeCheckout(deps, order.paymentSessionId));
    } catch (error) {
      console.error(`[checkout] sweeping order ${order.id} failed; the next sweep tries again`, error);
      run.failed++;
      continue;
    }
    if (outcome === 'confirmed' || outcome === 'refunded') run.completed++;
    if (outcome === 'expired') await db.update(orders).set({ nextPaymentCheckAt: null }).where(eq(orders.id, order.id));
  }
  return run;
}

/**
 * At start-up, before the first sweep: a crash may have left paid orders pending, so every pending order
 * is asked about at once. `leasesAreStale` when no other process can be at work on this database (the
 * embedded one, which one process opens): the completion leases found then belong to a dead process.
 */
export async function prepareFirstSweep(db: Database, { leasesAreStale }: { leasesAreStale: boolean }, now = new Date()): Promise<void> {
  await db.update(orders).set({ nextPaymentCheckAt: now }).where(and(eq(orders.status, 'PENDING_PAYMENT'), gt(orders.nextPaymentCheckAt, now)));
  if (leasesAreStale) {
    await db.update(orders).set({ completionLeaseUntil: null }).where(and(eq(orders.status, 'PENDING_PAYMENT'), isNotNull(orders.completionLeaseUntil)));
  }
}
