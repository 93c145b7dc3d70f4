// The checkout's background work in the server process: the sweeper of the payments ledger, which completes
// every payment the gateway took without waiting for the member, whatever it pays for (docs/decisions/0015,
// 0028), and the sender of the mail queue (tickets and refund e-mails). Both start with the server, so a
// restart heals a crash at once.
import { prepareFirstSweep, sweepPayments } from '@/modules/payments/sweep-payments';
import { deliverQueuedMail, releaseMailLeases } from '@/modules/email/mail-queue';
import { getDb, isSharedDatabase } from '@/server/db/client';
import { startBackgroundLoop } from './background-loop';
import { getCheckoutDeps } from './checkout';

const SWEEP_EVERY_MS = 5_000;
const SEND_EVERY_MS = 5_000;

let started = false;

/** What a crash may have left: every pending payment is asked about at once, and on a database no other
 * process uses, the leases of the dead one are released. */
async function recoverFromCrash(): Promise<void> {
  const db = await getDb();
  const leasesAreStale = !isSharedDatabase();
  await prepareFirstSweep(db, { leasesAreStale });
  if (leasesAreStale) await releaseMailLeases(db);
}

export function startCheckoutWorkers(): void {
  if (started) return;
  started = true;
  const recovered = recoverFromCrash().catch((error: unknown) => console.error('[checkout] releasing the leases of a crash failed; they run out instead', error));
  startBackgroundLoop('checkout:sweep', SWEEP_EVERY_MS, async () => {
    await recovered;
    const { checked, completed } = await sweepPayments(await getCheckoutDeps());
    if (completed > 0) console.log(`[payments] the sweeper completed ${completed} paid payment(s) of ${checked} checked`);
  });
  startBackgroundLoop('mail:send', SEND_EVERY_MS, async () => {
    await recovered;
    const deps = await getCheckoutDeps();
    await deliverQueuedMail(deps.db, deps.mail);
  });
}
