// The checkout's background work in the server process: the sweeper, which completes every order whose
// payment succeeded without waiting for the member (docs/decisions/0015) and every paid change of a booking
// (0023), and the sender of the mail queue (tickets and refund e-mails). Both start with the server, so a restart heals a crash at once.
import { prepareFirstChangeSweep, sweepPaidChanges } from '@/modules/bookings/sweep-paid-changes';
import { prepareFirstSweep, sweepPaidOrders } from '@/modules/checkout/sweep-paid-orders';
import { deliverQueuedMail, releaseMailLeases } from '@/modules/email/mail-queue';
import { getDb, isSharedDatabase } from '@/server/db/client';
import { startBackgroundLoop } from './background-loop';
import { getCheckoutDeps } from './checkout';

const SWEEP_EVERY_MS = 5_000;
const SEND_EVERY_MS = 5_000;

let started = false;

/** What a crash may have left: every pending order is asked about at once, and on a database no other
 * process uses, the leases of the dead one are released. */
async function recoverFromCrash(): Promise<void> {
  const db = await getDb();
  const leasesAreStale = !isSharedDatabase();
  await prepareFirstSweep(db, { leasesAreStale });
  await prepareFirstChangeSweep(db, { leasesAreStale });
  if (leasesAreStale) await releaseMailLeases(db);
}

export function startCheckoutWorkers(): void {
  if (started) return;
  started = true;
  const recovered = recoverFromCrash().catch((error: unknown) => console.error('[checkout] releasing the leases of a crash failed; they run out instead', error));
  startBackgroundLoop('checkout:sweep', SWEEP_EVERY_MS, async () => {
    await recovered;
    const { checked, completed } = await sweepPaidOrders(await getCheckoutDeps());
    if (completed > 0) console.log(`[checkout] the sweeper completed ${completed} paid order(s) of ${checked} checked`);
    const changes = await sweepPaidChanges(await getCheckoutDeps());
    if (changes.completed > 0) console.log(`[bookings] the sweeper completed ${changes.completed} paid change(s) of ${changes.checked} checked`);
  });
  startBackgroundLoop('mail:send', SEND_EVERY_MS, async () => {
    await recovered;
    const deps = await getCheckoutDeps();
    await deliverQueuedMail(deps.db, deps.mail);
  });
}
