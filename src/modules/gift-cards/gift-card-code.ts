// Gift card codes (decision 0047): 16 characters drawn by crypto.randomInt from 29 that cannot be taken for
// one another (no 0/O, 1/I/L, U/V), about 77 bits: unguessable even before the lookup limits. Shown and
// printed in groups of four; typed in any case, with or without spaces and dashes.
import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTWXYZ23456789';
const LENGTH = 16;

export function newGiftCardCode(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
}

/** The stored form of a typed code, or undefined when it cannot be one. */
export function normalizeGiftCardCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : undefined;
}

/** "ABCD-EFGH-JKMN-PQRS". */
export const formatGiftCardCode = (code: string) => code.match(/.{1,4}/g)!.join('-');
