// Google Wallet's REST API for event ticket objects and loyalty objects (the membership card), authorised with an OAuth2 access token of the
// service account: a JWT bearer grant (RS256 with the account's key, node:crypto) to Google's token
// endpoint, scope wallet_object.issuer; the token is kept until a minute before it expires.
import crypto from 'node:crypto';
import type { GoogleWalletObjects } from '@/ports/wallet-push';

export type GoogleWalletRestOptions = {
  serviceAccountEmail: string;
  privateKey: string;
  /** https://walletobjects.googleapis.com and https://oauth2.googleapis.com/token, or stand-ins in tests. */
  apiBase: string;
  tokenUrl: string;
  now?: () => Date;
};

export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function createGoogleWalletObjects(options: GoogleWalletRestOptions): GoogleWalletObjects {
  // Google's OAuth tokens are dated on Google's clock: the real time, not the shop's settable one.
  const now = options.now ?? (() => new Date());
  let cached: { token: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    const at = now().getTime();
    if (cached && cached.until > at) return cached.token;
    const iat = Math.floor(at / 1000);
    const claims = { iss: options.serviceAccountEmail, scope: WALLET_SCOPE, aud: options.tokenUrl, iat, exp: iat + 3600 };
    const unsigned = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(claims)}`;
    const signature = crypto.sign('RSA-SHA256', Buffer.from(unsigned), options.privateKey).toString('base64url');
    const response = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('the token endpoint gave no access token');
    cached = { token: body.access_token, until: at + Math.max((body.expires_in ?? 3600) - 60, 0) * 1000 };
    return cached.token;
  }

  async function patch(resource: string, objectId: string, body: object): Promise<{ status: number }> {
    const url = `${options.apiBase.replace(/\/+$/, '')}/walletobjects/v1/${resource}/${encodeURIComponent(objectId)}`;
    const response = await fetch(url, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    // A token Google no longer takes is fetched anew next time.
    if (response.status === 401) cached = undefined;
    await response.body?.cancel();
    return { status: response.status };
  }

  return {
    deactivate: (objectId) => patch('eventTicketObject', objectId, { state: 'INACTIVE' }),
    updateLoyalty: (objectId, fields) => patch('loyaltyObject', objectId, fields),
  };
}
