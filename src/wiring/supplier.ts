// The website's supplier: an OCTO system when OCTO_BASE_URL and OCTO_API_KEY are set, else our own.
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import type { SupplierPort } from '@/ports/supplier';
import { WEBSITE_RESELLER } from '@/modules/resellers/reseller-keys';

let supplier: Promise<SupplierPort> | undefined;

export function getSupplier(): Promise<SupplierPort> {
  supplier ??= (async () => {
    const env = getEnv();
    if (env.OCTO_BASE_URL && env.OCTO_API_KEY) return createOctoClient({ baseUrl: env.OCTO_BASE_URL, apiKey: env.OCTO_API_KEY });
    return localSupplierFor(WEBSITE_RESELLER);
  })();
  return supplier;
}

/** Our own inventory as one reseller sees it: the website, or a partner of our OCTO API. */
export async function localSupplierFor(resellerId: string): Promise<SupplierPort> {
  return createLocalSupplier(await getDb(), { resellerId, endpoint: `${getEnv().siteUrl}/octo` });
}
