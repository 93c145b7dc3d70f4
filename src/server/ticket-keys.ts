// The Ed25519 key pair that signs ticket codes (modules/tickets/ticket-codes.ts). TICKET_SIGNING_KEY is
// the private key (base64 of its 32-byte seed); TICKET_VERIFY_KEY the public one, for a scanner that
// only verifies; TICKET_SIGNING_KEY_PREVIOUS, after a rotation, still verifies the tickets it signed.
// Without them (the embedded database only: one server) a key is made once and kept in DATA_DIR, like the
// NEXTAUTH secret, so that codes stay valid across restarts. With DATABASE_URL start-up requires the key,
// and every server checks it against the database's (ticket-key-check.ts, decision 0033).
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from './env';

// DER prefixes that wrap a raw 32-byte Ed25519 key as PKCS#8 (private) and SPKI (public).
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export type TicketKeys = {
  privateKey?: KeyObject;
  publicKey: KeyObject;
  /** The key before the last rotation: its tickets still verify until they have passed. */
  previousPublicKey?: KeyObject;
};

function rawKey(text: string, name: string): Buffer {
  const bytes = Buffer.from(text.trim(), 'base64');
  if (bytes.length !== 32) throw new Error(`${name} must be the base64 of a 32-byte Ed25519 key`);
  return bytes;
}

export function privateKeyFromSeed(seed: string, name = 'TICKET_SIGNING_KEY'): KeyObject {
  return crypto.createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, rawKey(seed, name)]), format: 'der', type: 'pkcs8' });
}

export function publicKeyFromRaw(raw: string): KeyObject {
  return crypto.createPublicKey({ key: Buffer.concat([SPKI_PREFIX, rawKey(raw, 'TICKET_VERIFY_KEY')]), format: 'der', type: 'spki' });
}

/** The raw public key, base64: what a verifying scanner is given (TICKET_VERIFY_KEY). */
export function rawPublicKey(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length).toString('base64');
}

/** A new signing key as TICKET_SIGNING_KEY expects it. */
export function newSigningSeed(): string {
  const { privateKey } = crypto.generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length).toString('base64');
}

function keptSeed(dataDir: string): string {
  const file = path.resolve(dataDir, 'ticket-signing-key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const seed = newSigningSeed();
    // `wx`: two processes starting at once keep the first one's key.
    try {
      fs.writeFileSync(file, seed, { mode: 0o600, flag: 'wx' });
      return seed;
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

let keys: TicketKeys | undefined;

function configuredKeys(): TicketKeys {
  const env = getEnv();
  if (env.TICKET_SIGNING_KEY) {
    const privateKey = privateKeyFromSeed(env.TICKET_SIGNING_KEY);
    return { privateKey, publicKey: crypto.createPublicKey(privateKey) };
  }
  if (env.TICKET_VERIFY_KEY) return { publicKey: publicKeyFromRaw(env.TICKET_VERIFY_KEY) };
  // A key of this server's own would make every other server's tickets FORGED here (start-up says so first).
  if (env.DATABASE_URL) throw new Error('TICKET_SIGNING_KEY must be set when DATABASE_URL is set');
  const privateKey = privateKeyFromSeed(keptSeed(env.DATA_DIR));
  return { privateKey, publicKey: crypto.createPublicKey(privateKey) };
}

export function ticketKeys(): TicketKeys {
  if (keys) return keys;
  const previous = getEnv().TICKET_SIGNING_KEY_PREVIOUS;
  const previousPublicKey = previous ? crypto.createPublicKey(privateKeyFromSeed(previous, 'TICKET_SIGNING_KEY_PREVIOUS')) : undefined;
  return (keys = { ...configuredKeys(), previousPublicKey });
}
