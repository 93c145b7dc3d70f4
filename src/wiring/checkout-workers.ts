// The checkout's background work in the server process: the sweeper, which completes every order whose
// payment succeeded without waiting for the member (docs/decisions/0015), and the sender of the mail
// queue (tickets and refund e-mails). Both start with the server, so a restart heals a crash at once.
import { sweepPaidOrders } from '@/modules/checkout/sweep-paid-orders';
import { deliverQueuedMail } from '@/modules/email/mail-queue';
import { startBackgroundLoop } from './background-loop';
import { getCheckoutDeps } from './checkout';

const SWEEP_EVERY_MS = 5_000;
const SEND_EVERY_MS = 5_000;

let started = false;

export function startCheckoutWorkers(): void {
  if (started) return;
  started = true;
  startBackgroundLoop('checkout:sweep', SWEEP_EVERY_MS, async () => {
    const { checked, completed } = await sweepPaidOrders(await getCheckoutDeps());
    if (completed > 0) console.log(`[checkout] the sweeper completed ${completed} paid order(s) of ${checked} checked`);
  });
  startBackgroundLoop('mail:send', SEND_EVERY_MS, async () => {
    const deps = await getCheckoutDeps();
    await deliverQueuedMail(deps.db, deps.mail);
  });
}
