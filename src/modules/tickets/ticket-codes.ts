// The signed ticket code: what the QR of every ticket carries (decision 0016). It names the ticket, its
// booking and its slot, and an Ed25519 signature over them, so a gate can tell a forged or altered code
// without the database (the base for offline scanning). Signed and checked as every signed code is
// (signed-codes.ts; the member card's code is another kind: decision 0043).
//
//   SKT1.<base64url of JSON [ticket, booking, slot]>.<base64url of the 64-byte signature>
//
// The signature covers "SKT1." and the payload as written. A typed reference ("SKY-7F3K9Q") is no code:
// the gate looks it up instead.
import { ticketKeys, type TicketKeys } from '@/server/ticket-keys';
import { signCode, verifyCode } from './signed-codes';

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

export function signTicketCode(claims: TicketClaims, keys: Pick<TicketKeys, 'privateKey'> = ticketKeys()): string {
  return signCode(TICKET_CODE_PREFIX, [claims.ticket, claims.booking, claims.slot], keys);
}

/** Whether the text is meant as a signed code (rather than a typed reference). */
export function isTicketCode(text: string): boolean {
  return text.trim().toUpperCase().startsWith(TICKET_CODE_PREFIX);
}

/** Checks a scanned code with the public key alone: `malformed` when it is not a code at all, `forged`
 * when its signature does not match what it says (an altered or made-up code). */
export function verifyTicketCode(code: string, keys: Pick<TicketKeys, 'publicKey' | 'previousPublicKey'> = ticketKeys()): CodeCheck {
  const check = verifyCode(TICKET_CODE_PREFIX, 3, code, keys);
  if (!check.valid) return check;
  const [ticket, booking, slot] = check.fields as [string, string, string];
  return { valid: true, claims: { ticket, booking, slot } };
}
