// The issuer of collectibles: POAP when its three credentials are set, else the local issuer.
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { createLocalIssuer } from '@/adapters/collectibles/local-issuer';
import { createPoapIssuer, loadMintLinks } from '@/adapters/collectibles/poap-issuer';
import type { CollectiblesIssuer } from '@/ports/collectibles';

let issuer: Promise<CollectiblesIssuer> | undefined;

export function getIssuer(): Promise<CollectiblesIssuer> {
  issuer ??= (async () => {
    const env = getEnv();
    const db = await getDb();
    if (env.POAP_API_KEY && env.POAP_CLIENT_ID && env.POAP_CLIENT_SECRET) {
      return createPoapIssuer(db, {
        apiKey: env.POAP_API_KEY,
        clientId: env.POAP_CLIENT_ID,
        clientSecret: env.POAP_CLIENT_SECRET,
        apiBase: env.POAP_API_BASE,
        authUrl: env.POAP_AUTH_URL,
      });
    }
    return createLocalIssuer(db);
  })();
  return issuer;
}

/** Adds a drop's POAP mint links (qr_hash values) to the pool the POAP issuer hands out. */
export async function addMintLinks(dropId: string, qrHashes: string[]): Promise<number> {
  return loadMintLinks(await getDb(), dropId, qrHashes);
}
