// The signed ticket code: what the QR of every ticket carries (decision 0016). It names the ticket, its
// booking and its slot, and an Ed25519 signature over them, so a gate can tell a forged or altered code
// without the database (the base for offline scanning).
//
//   SKT1.<base64url of JSON [ticket, booking, slot]>.<base64url of the 64-byte signature>
//
// The signature covers "SKT1." and the payload as written. A typed reference ("SKY-7F3K9Q") is no code:
// the gate looks it up instead.
import crypto, { type KeyObject } from 'node:crypto';
import { ticketKeys, type TicketKeys } from '@/server/ticket-keys';

export const TICKET_CODE_PREFIX = 'SKT1.';

export type TicketClaims = {
  /** The ticket's own reference (one unit item). */
  ticket: string;
  /** The booking's supplier reference. */
  booking: string;
  /** The slot's availability id (its local start, ISO 8601 with offset). */
  slot: string;
};

export type CodeCheck = { valid: true; claims: TicketClaims } | { valid: false; reason: 'malformed' | 'forged' };

const MAX_CODE_LENGTH = 400;

export function signTicketCode(claims: TicketClaims, keys: Pick<TicketKeys, 'privateKey'> = ticketKeys()): string {
  if (!keys.privateKey) throw new Error('ticket codes cannot be signed here: TICKET_SIGNING_KEY is not set');
  const payload = Buffer.from(JSON.stringify([claims.ticket, claims.booking, claims.slot])).toString('base64url');
  const signed = `${TICKET_CODE_PREFIX}${payload}`;
  const signature = crypto.sign(null, Buffer.from(signed), keys.privateKey as KeyObject).toString('base64url');
  return `${signed}.${signature}`;
}

/** Whether the text is meant as a signed code (rather than a typed reference). */
export function isTicketCode(text: string): boolean {
  return text.trim().toUpperCase().startsWith(TICKET_CODE_PREFIX);
}

function claimsOf(payload: string): TicketClaims | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 64)) return undefined;
    const [ticket, booking, slot] = value as [string, string, string];
    return { ticket, booking, slot };
  } catch {
    return undefined;
  }
}

/** Checks a scanned code with the public key alone: `malformed` when it is not a code at all, `forged`
 * when its signature does not match what it says (an altered or made-up code). */
export function verifyTicketCode(code: string, keys: Pick<TicketKeys, 'publicKey' | 'previousPublicKey'> = ticketKeys()): CodeCheck {
  const text = code.trim();
  if (text.length > MAX_CODE_LENGTH || !text.startsWith(TICKET_CODE_PREFIX)) return { valid: false, reason: 'malformed' };
  const parts = text.slice(TICKET_CODE_PREFIX.length).split('.');
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]!) || !/^[A-Za-z0-9_-]{86}$/.test(parts[1]!)) return { valid: false, reason: 'malformed' };
  const claims = claimsOf(parts[0]!);
  if (!claims) return { valid: false, reason: 'malformed' };
  const signature = Buffer.from(parts[1]!, 'base64url');
  // Only the one spelling we write: base64url decoding ignores the unused low bits of the last character,
  // so without this check a code with that character altered would still verify (one ticket, many codes).
  if (signature.toString('base64url') !== parts[1] || Buffer.from(parts[0]!, 'base64url').toString('base64url') !== parts[0]) return { valid: false, reason: 'forged' };
  const signed = Buffer.from(`${TICKET_CODE_PREFIX}${parts[0]}`);
  // The key before a rotation still verifies what it signed (TICKET_SIGNING_KEY_PREVIOUS, decision 0033).
  const ok = crypto.verify(null, signed, keys.publicKey, signature) || (keys.previousPublicKey !== undefined && crypto.verify(null, signed, keys.previousPublicKey, signature));
  return ok ? { valid: true, claims } : { valid: false, reason: 'forged' };
}
