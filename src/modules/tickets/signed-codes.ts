// The signed codes of Skypass's QR codes (decisions 0016, 0043): a prefix naming what the code is, a
// payload of short strings and an Ed25519 signature with the ticket signing key (server/ticket-keys.ts), so
// that a gate or a counter tells a forged or altered code without the database.
//
//   <PREFIX><base64url of a JSON array of strings>.<base64url of the 64-byte signature>
//
// The signature covers the prefix and the payload as written, so a code of one kind never verifies as another.
import crypto, { type KeyObject } from 'node:crypto';
import type { TicketKeys } from '@/server/ticket-keys';

export type SignedCodeCheck = { valid: true; fields: string[] } | { valid: false; reason: 'malformed' | 'forged' };

const MAX_CODE_LENGTH = 400;

export function signCode(prefix: string, fields: string[], keys: Pick<TicketKeys, 'privateKey'>): string {
  if (!keys.privateKey) throw new Error('codes cannot be signed here: TICKET_SIGNING_KEY is not set');
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  const signed = `${prefix}${payload}`;
  const signature = crypto.sign(null, Buffer.from(signed), keys.privateKey as KeyObject).toString('base64url');
  return `${signed}.${signature}`;
}

function fieldsOf(payload: string, count: number): string[] | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== count || !value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 64)) return undefined;
    return value as string[];
  } catch {
    return undefined;
  }
}

/** Checks a scanned code of `prefix` carrying `count` fields with the public key alone: `malformed` when it
 * is not such a code at all, `forged` when its signature does not match what it says. */
export function verifyCode(prefix: string, count: number, code: string, keys: Pick<TicketKeys, 'publicKey' | 'previousPublicKey'>): SignedCodeCheck {
  const text = code.trim();
  if (text.length > MAX_CODE_LENGTH || !text.startsWith(prefix)) return { valid: false, reason: 'malformed' };
  const parts = text.slice(prefix.length).split('.');
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]!) || !/^[A-Za-z0-9_-]{86}$/.test(parts[1]!)) return { valid: false, reason: 'malformed' };
  const fields = fieldsOf(parts[0]!, count);
  if (!fields) return { valid: false, reason: 'malformed' };
  const signature = Buffer.from(parts[1]!, 'base64url');
  // Only the one spelling we write: base64url decoding ignores the unused low bits of the last character,
  // so without this check a code with that character altered would still verify (one ticket, many codes).
  if (signature.toString('base64url') !== parts[1] || Buffer.from(parts[0]!, 'base64url').toString('base64url') !== parts[0]) return { valid: false, reason: 'forged' };
  const signed = Buffer.from(`${prefix}${parts[0]}`);
  // The key before a rotation still verifies what it signed (TICKET_SIGNING_KEY_PREVIOUS, decision 0033).
  const ok = crypto.verify(null, signed, keys.publicKey, signature) || (keys.previousPublicKey !== undefined && crypto.verify(null, signed, keys.previousPublicKey, signature));
  return ok ? { valid: true, fields } : { valid: false, reason: 'forged' };
}
