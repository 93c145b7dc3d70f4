// Issues earned tokens in the background of the server process: every few seconds, and at once after
// an event. One run at a time in this process; leases keep several processes apart.
import { getIssuer } from '../adapters/collectibles';
import { issuePendingTokens } from '../modules/loyalty/issue-pending';
import { getDb } from './db/client';

const INTERVAL_MS = 2_000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;

async function runOnce(): Promise<void> {
  try {
    await issuePendingTokens(await getDb(), await getIssuer());
  } catch (error) {
    console.error('[loyalty] issuing tokens failed; the next run tries again', error);
  }
}

export function kickLoyaltyWorker(): void {
  if (!running) running = runOnce().finally(() => (running = undefined));
}

export function startLoyaltyWorker(): void {
  if (timer) return;
  timer = setInterval(kickLoyaltyWorker, INTERVAL_MS);
  timer.unref();
}
