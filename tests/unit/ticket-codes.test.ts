// Signed ticket codes: what a gate can tell from the code alone, with the public key.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isTicketCode, signTicketCode, verifyTicketCode } from '@/modules/tickets/ticket-codes';
import { newSigningSeed, privateKeyFromSeed, publicKeyFromRaw, rawPublicKey } from '@/server/ticket-keys';

const privateKey = privateKeyFromSeed(newSigningSeed());
const keys = { privateKey, publicKey: crypto.createPublicKey(privateKey) };
const claims = { ticket: 'SKY-7F3K9Q-1', booking: 'SKY-7F3K9Q', slot: '2026-12-01T10:00:00-05:00' };

describe('ticket codes', () => {
  it('verify what they were signed with, with the public key alone', () => {
    const code = signTicketCode(claims, keys);
    expect(code.startsWith('SKT1.')).toBe(true);
    expect(isTicketCode(code)).toBe(true);
    const verifier = { publicKey: publicKeyFromRaw(rawPublicKey(keys.publicKey)) };
    expect(verifyTicketCode(code, verifier)).toEqual({ valid: true, claims });
    // Surrounding whitespace from a hand-held scanner is forgiven.
    expect(verifyTicketCode(` ${code}\n`, verifier)).toEqual({ valid: true, claims });
  });

  it('tell an altered code: another ticket, another slot, a changed signature', () => {
    const code = signTicketCode(claims, keys);
    const [prefix, , signature] = code.split('.');
    const otherSlot = Buffer.from(JSON.stringify([claims.ticket, claims.booking, '2026-12-02T10:00:00-05:00'])).toString('base64url');
    expect(verifyTicketCode(`${prefix}.${otherSlot}.${signature}`, keys)).toEqual({ valid: false, reason: 'forged' });
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(verifyTicketCode(code.replace(signature!, flipped), keys)).toEqual({ valid: false, reason: 'forged' });
  });

  it('tell a code spelt otherwise than signed: a last character that decodes to the same bytes', () => {
    const code = signTicketCode(claims, keys);
    const [prefix, payload, signature] = code.split('.') as [string, string, string];
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // Each other last character whose decoding is the same bytes (base64url ignores the unused low bits).
    const aliases = (text: string) =>
      [...ALPHABET].map((c) => text.slice(0, -1) + c).filter((t) => t !== text && Buffer.from(t, 'base64url').equals(Buffer.from(text, 'base64url')));
    const signatureAliases = aliases(signature);
    // 64 bytes in 86 characters leave 4 unused bits: 15 other spellings of the same signature.
    expect(signatureAliases).toHaveLength(15);
    for (const alias of signatureAliases) expect(verifyTicketCode(`${prefix}.${payload}.${alias}`, keys)).toEqual({ valid: false, reason: 'forged' });
    for (const alias of aliases(payload)) expect(verifyTicketCode(`${prefix}.${alias}.${signature}`, keys)).toEqual({ valid: false, reason: 'forged' });
  });

  it('tell a code signed with another key', () => {
    const other = privateKeyFromSeed(newSigningSeed());
    expect(verifyTicketCode(signTicketCode(claims, { privateKey: other }), keys)).toEqual({ valid: false, reason: 'forged' });
  });

  it('call anything else malformed', () => {
    for (const text of ['', 'SKY-7F3K9Q', 'SKT1.', 'SKT1.abc', 'SKT1.abc.def', 'SKT1.!!!.' + 'A'.repeat(86), `SKT1.${Buffer.from('[1,2,3]').toString('base64url')}.${'A'.repeat(86)}`, 'x'.repeat(1000)]) {
      expect(verifyTicketCode(text, keys)).toEqual({ valid: false, reason: 'malformed' });
    }
    expect(isTicketCode('SKY-7F3K9Q')).toBe(false);
  });
});
