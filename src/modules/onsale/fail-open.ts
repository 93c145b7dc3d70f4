// The queue fails open (decision 0056): when its store cannot answer (an error, or no answer within the
// timeout), the buyer goes straight through, as if there were no queue, rather than nobody buying at all.
// Each time is logged and counted (skypass_onsale_fail_open_total).
import { log } from '@/server/log';
import { metrics } from '@/server/metrics';
import type { OnsaleDeps } from './deps';

export const FAIL_OPEN = Symbol('fail-open');

/** How long the queue's store may take. Not shorter: on a busy day a slow store is still a store, and failing
 * open on every slow answer would let the whole queue through at the moment it matters most (bench/onsale.mjs
 * on an overloaded machine let everyone through with 1.5 s). */
export const STORE_TIMEOUT_MS = 5_000;

/** The answer of `work`, or FAIL_OPEN when the queue's store failed or was too slow. */
export async function orFailOpen<T>(deps: Pick<OnsaleDeps, 'storeTimeoutMs'>, what: string, work: () => Promise<T>): Promise<T | typeof FAIL_OPEN> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof FAIL_OPEN>((resolve) => {
    timer = setTimeout(() => resolve(FAIL_OPEN), deps.storeTimeoutMs ?? STORE_TIMEOUT_MS);
  });
  try {
    const running = work();
    // A query that answers after the timeout is let go: its late failure is nobody's.
    running.catch(() => undefined);
    const answer = await Promise.race([running, timeout]);
    if (answer === FAIL_OPEN) log.warn('[onsale] the queue store did not answer in time: buyers go straight through', { what });
    else return answer;
  } catch (error) {
    log.warn('[onsale] the queue store failed: buyers go straight through', { what, error });
  } finally {
    clearTimeout(timer);
  }
  metrics().onsaleFailOpen.inc();
  return FAIL_OPEN;
}
