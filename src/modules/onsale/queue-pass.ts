// The pass of a buyer let through the on-sale's queue (decision 0056): the on-sale, the member and an expiry,
// signed with an HMAC (SHA-256) of the site's secret, so it cannot be made up, moved to another member or
// another on-sale, or kept past its time. It is used once: the hold that uses it marks its queue entry
// (`onsale_queue.pass_used_at`) in the hold's own transaction (consume-pass.ts).
//
//   <base64url of JSON [onsaleId, userId, expiresAtMs]>.<base64url of the HMAC>
import { readSignedFields, signFields } from './signed-fields';

/** How long a pass lets its member book after they were let through. */
export const PASS_MINUTES = 10;

/** The cookie that carries the pass of one on-sale to the hold API. */
export const passCookieName = (onsaleId: string) => `skypass-onsale-${onsaleId}`;

const PURPOSE = 'onsale-pass';

export function signPass(pass: { onsaleId: string; userId: string; expiresAt: Date }, secret: string): string {
  return signFields(PURPOSE, [pass.onsaleId, pass.userId, pass.expiresAt.getTime()], secret);
}

export type PassCheck = { valid: true } | { valid: false; reason: 'missing' | 'forged' | 'otherMember' | 'otherOnsale' | 'expired' };

/** Whether `pass` lets `userId` through the queue of `onsaleId` at `now` (its single use is the database's). */
export function checkPass(pass: string | undefined, expected: { onsaleId: string; userId: string }, secret: string, now: Date): PassCheck {
  if (!pass) return { valid: false, reason: 'missing' };
  const fields = readSignedFields(PURPOSE, pass, secret);
  if (!fields || fields.length !== 3) return { valid: false, reason: 'forged' };
  const [onsaleId, userId, expiresAt] = fields as [unknown, unknown, unknown];
  if (onsaleId !== expected.onsaleId) return { valid: false, reason: 'otherOnsale' };
  if (userId !== expected.userId) return { valid: false, reason: 'otherMember' };
  if (typeof expiresAt !== 'number' || expiresAt <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true };
}
