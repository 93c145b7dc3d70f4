// Issues earned tokens in the background of the server process: every few seconds, and as soon as an
// event records new work (or when work held back falls due). One run at a time in this process; leases
// keep several processes apart.
import { issuePendingTokens } from '@/modules/loyalty/issue-pending';
import { onLoyaltyWork } from '@/modules/loyalty/work-signal';
import { getDb } from '@/server/db/client';
import { isDatabaseUnavailable } from '@/server/db/unavailable';
import { getIssuer } from './collectibles';

const INTERVAL_MS = 2_000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;

async function runOnce(): Promise<void> {
  try {
    await issuePendingTokens(await getDb(), await getIssuer());
  } catch (error) {
    if (isDatabaseUnavailable(error)) console.error('[loyalty] the database is out of reach; the next run tries again');
    else console.error('[loyalty] issuing tokens failed; the next run tries again', error);
  }
}

function kick(): void {
  if (!running) running = runOnce().finally(() => (running = undefined));
}

export function startLoyaltyWorker(): void {
  if (timer) return;
  timer = setInterval(kick, INTERVAL_MS);
  timer.unref();
  onLoyaltyWork((dueAt) => {
    const wait = dueAt.getTime() - Date.now();
    if (wait <= 0) return kick();
    setTimeout(kick, wait).unref();
  });
}
