// Nothing paid is left waiting: the sweeper asks the gateway about every pending payment now and then, and
// completes the paid ones through the one path (complete-payment.ts), as the member's return or a webhook
// would: confirmed, or refunded when what they paid for can no longer be delivered. It heals a crash between
// the charge and the completion, a lost webhook, and a member who never comes back. A payment whose session
// closed unpaid becomes `expired` and leaves the sweep.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';
import type { CheckoutDeps } from '../checkout/deps';
import { completePayment } from './complete-payment';
import { PAYMENT_RECHECK_MS } from './ledger';
import { serverNow } from '@/server/clock';

export type SweepRun = { checked: number; completed: number; failed: number };

export async function sweepPayments(deps: CheckoutDeps, batch = 25): Promise<SweepRun> {
  const { db } = deps;
  const now = deps.now?.() ?? serverNow();
  // Payments being completed by someone (an unexpired lease) wait for it; a crashed worker's lease runs out.
  const due = and(eq(payments.state, 'pending'), lte(payments.nextCheckAt, now), or(isNull(payments.leaseUntil), lt(payments.leaseUntil, now)));
  const candidates = db.select({ id: payments.id }).from(payments).where(due).orderBy(asc(payments.nextCheckAt)).limit(batch).for('update', { skipLocked: true });
  // Claimed by moving the next check on: another server's sweeper skips them.
  const claimed = await db
    .update(payments)
    .set({ nextCheckAt: new Date(now.getTime() + PAYMENT_RECHECK_MS) })
    .where(and(inArray(payments.id, candidates), due))
    .returning({ id: payments.id, purpose: payments.purpose, gatewaySessionId: payments.gatewaySessionId });

  const run: SweepRun = { checked: claimed.length, completed: 0, failed: 0 };
  for (const payment of claimed) {
    try {
      const { outcome } = await completePayment(deps, payment.gatewaySessionId);
      if (outcome === 'confirmed' || outcome === 'refunded') run.completed++;
    } catch (error) {
      console.error(`[payments] sweeping the ${payment.purpose} payment ${payment.id} failed; the next sweep tries again`, error);
      run.failed++;
    }
  }
  return run;
}

/**
 * At start-up, before the first sweep: a crash may have left paid payments pending, so every pending one is
 * asked about at once. `leasesAreStale` when no other process can be at work on this database (the
 * embedded one, which one process opens): the leases found then belong to a dead process.
 */
export async function prepareFirstSweep(db: Database, { leasesAreStale }: { leasesAreStale: boolean }, now = serverNow()): Promise<void> {
  await db.update(payments).set({ nextCheckAt: now }).where(and(eq(payments.state, 'pending'), gt(payments.nextCheckAt, now)));
  if (leasesAreStale) {
    await db.update(payments).set({ leaseUntil: null }).where(and(eq(payments.state, 'pending'), isNotNull(payments.leaseUntil)));
    // A change of a booking that was under way (the order's lease) is free for the next try.
    await db.update(orders).set({ completionLeaseUntil: null }).where(isNotNull(orders.completionLeaseUntil));
  }
}
