// The `payments.sweep` job, every few seconds: the one call site of the sweepers of paid orders
// (docs/decisions/0015) and paid booking changes (0023), so that merging them into one ledger sweeper
// changes this file only.
import type { Database } from '@/server/db/client';
import { prepareFirstChangeSweep, sweepPaidChanges } from '../bookings/sweep-paid-changes';
import type { CheckoutDeps } from './deps';
import { prepareFirstSweep, sweepPaidOrders } from './sweep-paid-orders';

export async function sweepPayments(deps: CheckoutDeps): Promise<void> {
  const orders = await sweepPaidOrders(deps);
  if (orders.completed > 0) console.log(`[checkout] the sweeper completed ${orders.completed} paid order(s) of ${orders.checked} checked`);
  const changes = await sweepPaidChanges(deps);
  if (changes.completed > 0) console.log(`[bookings] the sweeper completed ${changes.completed} paid change(s) of ${changes.checked} checked`);
}

/** At start-up, what a crash may have left: every pending payment is asked about at once, and on a database
 * no other process uses, the completion leases of the dead one are released. */
export async function prepareFirstPaymentSweep(db: Database, leasesAreStale: boolean): Promise<void> {
  await prepareFirstSweep(db, { leasesAreStale });
  await prepareFirstChangeSweep(db, { leasesAreStale });
}
