// The on-sale queue's collaborators (decision 0056): the shared database as its store, the shop's clock and
// the site's secret for the passes' HMAC.
import type { OnsaleDeps } from '@/modules/onsale/deps';
import { authSecret } from '@/server/auth/secret';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';

export async function getOnsaleDeps(): Promise<OnsaleDeps & { autoHoldsPerMinute: number }> {
  return { db: await getDb(), now: serverNow, secret: authSecret(), autoHoldsPerMinute: getEnv().ONSALE_AUTO_HOLDS_PER_MINUTE };
}
