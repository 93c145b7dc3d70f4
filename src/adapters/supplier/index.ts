// The website's supplier: an OCTO system when OCTO_BASE_URL and OCTO_API_KEY are set, else our own.
import { getDb } from '../../server/db/client';
import { getEnv } from '../../server/env';
import { createLocalSupplier } from './local/local-supplier';
import { createOctoClient } from './octo/octo-client';
import type { SupplierPort } from './port';

/** The reseller id of the website's own bookings in the local supplier. */
export const WEBSITE_RESELLER = 'website';

let supplier: Promise<SupplierPort> | undefined;

export function getSupplier(): Promise<SupplierPort> {
  supplier ??= (async () => {
    const env = getEnv();
    if (env.OCTO_BASE_URL && env.OCTO_API_KEY) return createOctoClient({ baseUrl: env.OCTO_BASE_URL, apiKey: env.OCTO_API_KEY });
    return createLocalSupplier(await getDb(), { resellerId: WEBSITE_RESELLER });
  })();
  return supplier;
}
