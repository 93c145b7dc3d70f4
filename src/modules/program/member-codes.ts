// The member card's code (decision 0043): what the QR on /profile/card and on the wallet cards carries, for
// perks at the counter. It names the member and is signed like a ticket's code, with the same key and
// another prefix (tickets/signed-codes.ts), so a counter's scanner tells a forged one without the database
// and no ticket code passes for a member's, nor the other way round.
//
//   SKM1.<base64url of JSON [member id]>.<base64url of the 64-byte signature>
import { ticketKeys, type TicketKeys } from '@/server/ticket-keys';
import { signCode, verifyCode } from '../tickets/signed-codes';

export const MEMBER_CODE_PREFIX = 'SKM1.';

export type MemberCodeCheck = { valid: true; memberId: string } | { valid: false; reason: 'malformed' | 'forged' };

export function signMemberCode(memberId: string, keys: Pick<TicketKeys, 'privateKey'> = ticketKeys()): string {
  return signCode(MEMBER_CODE_PREFIX, [memberId], keys);
}

export function verifyMemberCode(code: string, keys: Pick<TicketKeys, 'publicKey' | 'previousPublicKey'> = ticketKeys()): MemberCodeCheck {
  const check = verifyCode(MEMBER_CODE_PREFIX, 1, code, keys);
  return check.valid ? { valid: true, memberId: check.fields[0]! } : check;
}
