// The gate's collaborators, as this server is configured.
import type { GateDeps } from '@/modules/gate/scan-ticket';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { getSupplier, ownsInventory } from './supplier';

export async function getGateDeps(): Promise<GateDeps> {
  return { db: await getDb(), supplier: await getSupplier(), toleranceMinutes: getEnv().GATE_TOLERANCE_MINUTES, ownInventory: ownsInventory(), now: serverNow };
}
