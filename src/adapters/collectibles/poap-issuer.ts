// Real adapter: POAPs through the POAP API (documentation.poap.tech). Each drop has a pool of mint links
// (qr_hash) loaded by the operator; one is taken atomically per token and claimed to the member's e-mail.
// The API wants an X-API-Key on every call and an OAuth client-credentials token for claims, cached
// until shortly before it expires.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { poapMintLinks } from '@/server/db/schema';
import { IssuerError, type CollectiblesIssuer } from '@/ports/collectibles';
import { serverNow } from '@/server/clock';

export type PoapConfig = {
  apiKey: string;
  clientId: string;
  clientSecret: string;
  apiBase?: string;
  authUrl?: string;
  timeoutMs?: number;
  retries?: number;
  fetch?: typeof fetch;
};

export function createPoapIssuer(db: Database, config: PoapConfig): CollectiblesIssuer {
  const apiBase = config.apiBase ?? 'https://api.poap.tech';
  const authUrl = config.authUrl ?? 'https://auth.accounts.poap.xyz/oauth/token';
  const fetchImpl = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const retries = config.retries ?? 2;
  let token: { value: string; expiresAt: number } | undefined;

  /** A request with a timeout, tried again on network errors and 5xx answers. */
  async function request(url: string, init: RequestInit): Promise<Response> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      try {
        const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        if (response.status < 500) return response;
        lastError = new Error(`${url} answered ${response.status}`);
      } catch (error) {
        lastError = error;
      }
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
    throw new IssuerError('unavailable', `POAP could not be reached: ${(lastError as Error).message}`);
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const response = await request(authUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ audience: 'https://api.poap.tech', grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret }),
    });
    if (!response.ok) throw new IssuerError('refused', `POAP refused the client credentials (${response.status})`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  /** Takes a free mint link of the drop for this issue; no link is ever handed out twice. */
  async function takeMintLink(dropId: string, issueId: string): Promise<string> {
    const [taken] = await db
      .update(poapMintLinks)
      .set({ takenBy: issueId, takenAt: serverNow() })
      .where(
        eq(
          poapMintLinks.qrHash,
          sql`(select ${poapMintLinks.qrHash} from ${poapMintLinks} where ${and(eq(poapMintLinks.dropId, dropId), isNull(poapMintLinks.takenBy))} order by ${asc(poapMintLinks.qrHash)} limit 1 for update skip locked)`,
        ),
      )
      .returning({ qrHash: poapMintLinks.qrHash });
    if (!taken) throw new IssuerError('pool_empty', `No mint links are left for the drop ${dropId}: load more`);
    return taken.qrHash;
  }

  return {
    name: 'poap',
    async collection(email) {
      const response = await request(`${apiBase}/actions/scan/${encodeURIComponent(email)}`, { headers: { 'X-API-Key': config.apiKey, Accept: 'application/json' } });
      if (!response.ok) throw new IssuerError('refused', `POAP did not answer the collection (${response.status})`);
      const tokens = (await response.json()) as { tokenId: string; created: string; event: { id: number } }[];
      return tokens.map((t) => ({ tokenId: String(t.tokenId), dropId: null, eventId: t.event.id, createdAt: t.created }));
    },
    async issue({ issueId, dropId, email, mintLink }, rememberMintLink) {
      const qrHash = mintLink ?? (await takeMintLink(dropId, issueId));
      if (!mintLink) await rememberMintLink(qrHash);
      const headers = { 'X-API-Key': config.apiKey, Accept: 'application/json' };
      const state = await request(`${apiBase}/actions/claim-qr?qr_hash=${encodeURIComponent(qrHash)}`, { headers });
      if (!state.ok) throw new IssuerError('refused', `POAP did not know the mint link (${state.status})`);
      const link = (await state.json()) as { id: number; secret: string; claimed: boolean; beneficiary?: string | null };
      // A retry after a claim that went through: the token is already the member's.
      if (link.claimed) {
        if (link.beneficiary?.toLowerCase() === email.toLowerCase()) return { tokenId: String(link.id) };
        throw new IssuerError('refused', 'The mint link was claimed by someone else');
      }
      const claim = await request(`${apiBase}/actions/claim-qr`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', Authorization: `Bearer ${await accessToken()}` },
        body: JSON.stringify({ address: email, qr_hash: qrHash, secret: link.secret, sendEmail: true }),
      });
      if (!claim.ok) throw new IssuerError('refused', `POAP refused the claim (${claim.status})`);
      const claimed = (await claim.json()) as { id: number };
      return { tokenId: String(claimed.id) };
    },
  };
}

/** Loads mint links for a drop (from POAP's list of links of an event); links already loaded are kept. */
export async function loadMintLinks(db: Database, dropId: string, qrHashes: string[]): Promise<number> {
  if (qrHashes.length === 0) return 0;
  const added = await db
    .insert(poapMintLinks)
    .values(qrHashes.map((qrHash) => ({ qrHash, dropId })))
    .onConflictDoNothing()
    .returning({ qrHash: poapMintLinks.qrHash });
  return added.length;
}
