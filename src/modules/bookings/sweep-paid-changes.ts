// The sweeper of paid changes, like sweep-paid-orders.ts for orders: every change whose payment session may
// still be paid is asked about now and then, and a paid one is completed exactly as the member's return or
// a webhook would (moved, or refunded). A change whose session closed unpaid becomes EXPIRED and leaves the
// sweep: nothing changed, its hold ran out by itself.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookingChanges } from '@/server/db/schema';
import type { CheckoutDeps } from '../checkout/deps';
import { PAYMENT_RECHECK_MS, type SweepRun } from '../checkout/sweep-paid-orders';
import { completeChangePayment, type ChangeCompletion } from './change-payment';

export async function sweepPaidChanges(deps: CheckoutDeps, batch = 25): Promise<SweepRun> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const due = and(
    inArray(bookingChanges.status, ['PENDING_PAYMENT', 'RELEASED']),
    lte(bookingChanges.nextPaymentCheckAt, now),
    or(isNull(bookingChanges.completionLeaseUntil), lt(bookingChanges.completionLeaseUntil, now)),
  );
  const candidates = db.select({ id: bookingChanges.id }).from(bookingChanges).where(due).orderBy(asc(bookingChanges.nextPaymentCheckAt)).limit(batch).for('update', { skipLocked: true });
  // Claimed by moving the next check on: another server's sweeper skips them.
  const claimed = await db
    .update(bookingChanges)
    .set({ nextPaymentCheckAt: new Date(now.getTime() + PAYMENT_RECHECK_MS) })
    .where(and(inArray(bookingChanges.id, candidates), due))
    .returning({ id: bookingChanges.id, paymentSessionId: bookingChanges.paymentSessionId });

  const run: SweepRun = { checked: claimed.length, completed: 0, failed: 0 };
  for (const change of claimed) {
    let outcome: ChangeCompletion['outcome'];
    try {
      ({ outcome } = await completeChangePayment(deps, change.paymentSessionId!));
    } catch (error) {
      console.error(`[bookings] sweeping change ${change.id} failed; the next sweep tries again`, error);
      run.failed++;
      continue;
    }
    if (outcome === 'changed' || outcome === 'refunded') run.completed++;
    if (outcome === 'expired') {
      await db
        .update(bookingChanges)
        .set({ status: 'EXPIRED', nextPaymentCheckAt: null })
        .where(and(eq(bookingChanges.id, change.id), inArray(bookingChanges.status, ['PENDING_PAYMENT', 'RELEASED'])));
    }
  }
  return run;
}

/** At start-up, like prepareFirstSweep: every waiting change is asked about at once; on a database no other
 * process uses, the leases found belong to a dead process. */
export async function prepareFirstChangeSweep(db: Database, { leasesAreStale }: { leasesAreStale: boolean }, now = new Date()): Promise<void> {
  const waiting = inArray(bookingChanges.status, ['PENDING_PAYMENT', 'RELEASED']);
  await db.update(bookingChanges).set({ nextPaymentCheckAt: now }).where(and(waiting, gt(bookingChanges.nextPaymentCheckAt, now)));
  if (leasesAreStale) await db.update(bookingChanges).set({ completionLeaseUntil: null }).where(and(waiting, isNotNull(bookingChanges.completionLeaseUntil)));
}
