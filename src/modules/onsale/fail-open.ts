// The queue fails open only when its store is DOWN (decision 0056, "Slow is not down"): when a query fails
// (a connection or query error: the store cannot answer at all; isOverloaded tells the errors of a store
// that is only overloaded, which count as slow), the buyer goes straight through, as if there
// were no queue, rather than nobody buying at all (skypass_onsale_fail_open_total). A SLOW store is still a
// store: the store is the site's own database, slowest on the busiest minute, and failing open on a timeout
// let 4,930 of 5,000 buyers through at once (bench/onsale.mjs). So no answer within the timeout gives
// STORE_BUSY: nobody goes through; the queue answers "busy, still in line, ask again" and a hold that needs a
// pass is refused for a moment (skypass_onsale_store_slow_total). Each time is logged and counted.
import { log } from '@/server/log';
import { metrics } from '@/server/metrics';
import type { OnsaleDeps } from './deps';
import { TimedOut, within } from '@/universal/within-time';

export const FAIL_OPEN = Symbol('fail-open');
export const STORE_BUSY = Symbol('store-busy');

/** How long the queue's store may take before the queue answers "busy, ask again" (never "go through"). */
export const STORE_TIMEOUT_MS = 5_000;

/** The errors of a store that is there but overloaded, which count as slow, not down: a statement cancelled
 * by a timeout (57014), a lock not had in time (55P03), a deadlock or serialization failure (40P01, 40001),
 * too many connections (53300), or no pooled connection free in time (node-postgres says so in words). */
const OVERLOADED_SQLSTATES = new Set(['57014', '55P03', '40P01', '40001', '53300']);

export function isOverloaded(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && OVERLOADED_SQLSTATES.has(code)) return true;
  if (typeof message === 'string' && message.startsWith('timeout exceeded when trying to connect')) return true;
  return isOverloaded(cause, depth + 1);
}

/** The answer of `work`; FAIL_OPEN when the queue's store failed (down), STORE_BUSY when it was too slow. */
export async function orFailOpen<T>(deps: Pick<OnsaleDeps, 'storeTimeoutMs'>, what: string, work: () => Promise<T>): Promise<T | typeof FAIL_OPEN | typeof STORE_BUSY> {
  try {
    return await within(work(), deps.storeTimeoutMs ?? STORE_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof TimedOut) {
      log.warn('[onsale] the queue store did not answer in time: nobody goes through, the queue says busy', { what });
      metrics().onsaleStoreSlow.inc();
      return STORE_BUSY;
    }
    if (isOverloaded(error)) {
      log.warn('[onsale] the queue store is overloaded: nobody goes through, the queue says busy', { what, error });
      metrics().onsaleStoreSlow.inc();
      return STORE_BUSY;
    }
    log.warn('[onsale] the queue store failed: buyers go straight through', { what, error });
    metrics().onsaleFailOpen.inc();
    return FAIL_OPEN;
  }
}
