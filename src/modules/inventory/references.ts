import crypto from 'node:crypto';

// Crockford's base32 without look-alikes: easy to read out at a gate or over the phone.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A booking reference such as "SKY-7F3K9Q". */
export function newReference(prefix = 'SKY', length = 6): string {
  const bytes = crypto.randomBytes(length);
  return `${prefix}-${Array.from(bytes, (b) => ALPHABET[b % 32]).join('')}`;
}
