// Sends resellers' OCTO webhook deliveries in the background of the server process: every few seconds,
// and as soon as a notification is recorded. One run at a time in this process; leases keep several
// processes apart.
import { deliverPendingWebhooks } from '@/modules/resellers/deliver-webhooks';
import { onWebhookWork } from '@/modules/resellers/webhook-signal';
import { getDb } from '@/server/db/client';

const INTERVAL_MS = 2_000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;
let again = false;

async function runOnce(): Promise<void> {
  try {
    await deliverPendingWebhooks(await getDb());
  } catch (error) {
    console.error('[webhooks] sending deliveries failed; the next run tries again', error);
  }
}

function kick(): void {
  if (running) {
    // Work recorded during a run is picked up right after it.
    again = true;
    return;
  }
  running = runOnce().finally(() => {
    running = undefined;
    if (again) {
      again = false;
      kick();
    }
  });
}

export function startOctoWebhookWorker(): void {
  if (timer) return;
  timer = setInterval(kick, INTERVAL_MS);
  timer.unref();
  onWebhookWork(kick);
  kick();
}
