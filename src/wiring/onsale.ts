// The on-sale queue's collaborators (decision 0056): the shared database as its store, the shop's clock and
// the site's secret for the passes' HMAC. Each server answers from what it read of the on-sales within the last
// half second (decision 0061).
import type { OnsaleDeps } from '@/modules/onsale/deps';
import { ONSALE_CACHE_MS } from '@/modules/onsale/onsale-reads';
import { authSecret } from '@/server/auth/secret';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';

export async function getOnsaleDeps(): Promise<OnsaleDeps & { autoHoldsPerMinute: number }> {
  return { db: await getDb(), now: serverNow, secret: authSecret(), cacheMs: ONSALE_CACHE_MS, autoHoldsPerMinute: getEnv().ONSALE_AUTO_HOLDS_PER_MINUTE };
}
