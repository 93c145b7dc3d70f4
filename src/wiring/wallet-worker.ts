// The wallet worker in the server process: every few seconds (retries, other servers' changes) and at
// once when this process queues pushes. Pushes go out only to wallets that are configured.
import { deliverWalletPushes } from '@/modules/wallet/deliver-pass-updates';
import { onWalletWork } from '@/modules/wallet/wallet-signal';
import { getDb } from '@/server/db/client';
import { startBackgroundLoop } from './background-loop';
import { walletPushServices } from './wallet';

const EVERY_MS = 5_000;

let started = false;

export function startWalletWorker(): void {
  if (started) return;
  started = true;
  const services = walletPushServices();
  const loop = startBackgroundLoop('wallet:push', EVERY_MS, async () => {
    try {
      const run = await deliverWalletPushes({ db: await getDb(), ...services });
      if (run.delivered || run.failed) console.log(`[wallet] pushes delivered ${run.delivered}, failed ${run.failed}`);
    } finally {
      services.apple?.close();
    }
  });
  onWalletWork(loop.kick);
}
