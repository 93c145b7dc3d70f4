// The wallet passes this server offers, as configured: Google Wallet when GOOGLE_WALLET_* is set, Apple
// Wallet when APPLE_PASS_* is. Neither has an embedded stand-in: without keys the buttons are not shown.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createApnsPushService } from '@/adapters/wallet/apns-http2';
import { createGoogleWalletObjects } from '@/adapters/wallet/google-wallet-rest';
import type { AppleWalletConfig } from '@/modules/wallet/apple-wallet';
import type { AppleWebServiceDeps } from '@/modules/wallet/apple-web-service';
import type { WalletPushDeps } from '@/modules/wallet/deliver-pass-updates';
import type { GoogleWalletConfig } from '@/modules/wallet/google-wallet';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';

export function googleWalletConfig(): GoogleWalletConfig | null {
  const env = getEnv();
  if (!env.GOOGLE_WALLET_ISSUER_ID || !env.GOOGLE_WALLET_CLASS_ID || !env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL || !env.GOOGLE_WALLET_PRIVATE_KEY) return null;
  return {
    issuerId: env.GOOGLE_WALLET_ISSUER_ID,
    classSuffix: env.GOOGLE_WALLET_CLASS_ID,
    serviceAccountEmail: env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
    // Environment variables often carry a PEM's line breaks as "\n".
    privateKey: pem(env.GOOGLE_WALLET_PRIVATE_KEY),
  };
}

/** Environment variables often carry a PEM's line breaks as "\n". */
const pem = (text: string) => text.replace(/\\n/g, '\n');

let images: Record<string, Buffer> | undefined;

export function appleWalletConfig(): AppleWalletConfig | null {
  const env = getEnv();
  if (!env.APPLE_PASS_TYPE_ID || !env.APPLE_TEAM_ID || !env.APPLE_PASS_CERT || !env.APPLE_PASS_KEY || !env.APPLE_WWDR_CERT) return null;
  images ??= Object.fromEntries(['icon.png', 'icon@2x.png', 'icon@3x.png'].map((name) => [name, fs.readFileSync(path.join(process.cwd(), 'public', 'wallet', name))]));
  return {
    passTypeIdentifier: env.APPLE_PASS_TYPE_ID,
    teamIdentifier: env.APPLE_TEAM_ID,
    signerCert: pem(env.APPLE_PASS_CERT),
    signerKey: pem(env.APPLE_PASS_KEY),
    signerKeyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE,
    wwdr: pem(env.APPLE_WWDR_CERT),
    images,
  };
}

/** The PassKit web service's dependencies, or null when Apple Wallet is not configured. */
export async function appleWebServiceDeps(): Promise<AppleWebServiceDeps | null> {
  const config = appleWalletConfig();
  if (!config) return null;
  const env = getEnv();
  const secret = env.APPLE_PASS_AUTH_SECRET ?? crypto.createHash('sha256').update(`skypass-apple-pass-auth:${config.signerKey}`).digest('hex');
  return {
    db: await getDb(),
    config,
    secret,
    siteUrl: env.siteUrl,
    logLimits: { perAddress: env.RATE_LIMIT_WALLET_LOG_PER_IP, overall: env.RATE_LIMIT_WALLET_LOG },
  };
}

/** The wallet worker's ways out, each only when its wallet is configured. */
export function walletPushServices(): Pick<WalletPushDeps, 'apple' | 'google'> {
  const env = getEnv();
  const apple = appleWalletConfig();
  const google = googleWalletConfig();
  return {
    apple: apple
      ? createApnsPushService({ baseUrl: env.APNS_BASE_URL, cert: apple.signerCert, key: apple.signerKey, passphrase: apple.signerKeyPassphrase })
      : undefined,
    google: google
      ? {
          issuerId: google.issuerId,
          objects: createGoogleWalletObjects({
            serviceAccountEmail: google.serviceAccountEmail,
            privateKey: google.privateKey,
            apiBase: env.GOOGLE_WALLET_API_BASE,
            tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
          }),
        }
      : undefined,
  };
}
