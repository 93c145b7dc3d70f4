// What no handler ever sees: NUL characters, lone surrogates, over-long values, deep nesting.
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, refuseUnsafeInput } from '@/http/input-hygiene';
import { AppError } from '@/server/errors';

function refusal(req: { query?: unknown }, body?: unknown) {
  try {
    refuseUnsafeInput(req, body);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, key: error.key, values: error.values };
    throw error;
  }
  return undefined;
}

const clean = { query: { locale: 'fr' } };

describe('input hygiene', () => {
  it('lets ordinary input through, in any script', () => {
    expect(refusal(clean, { email: 'ana@example.com', contact: { firstName: 'Zoë', lastName: '山田 😀', tags: ['a', 1, null, true] } })).toBeUndefined();
    expect(refusal({ query: { callbackUrl: 'http://localhost:3000/profile', token: 'abc', nextauth: ['callback', 'email'] } })).toBeUndefined();
  });

  it('refuses a NUL character anywhere, naming the field', () => {
    expect(refusal(clean, { contact: { firstName: 'Ana\u0000' } })).toEqual({ status: 400, key: 'characterNotAllowed', values: { field: 'firstName' } });
    expect(refusal(clean, { list: ['ok', 'b\u0000d'] })).toMatchObject({ key: 'characterNotAllowed', values: { field: 'list' } });
    expect(refusal({ query: { q: '\u0000' } })).toMatchObject({ key: 'characterNotAllowed', values: { field: 'q' } });
    expect(refusal({ query: { path: ['products', '\u0000'] } })).toMatchObject({ key: 'characterNotAllowed', values: { field: 'path' } });
  });

  it('refuses lone surrogates, and names a bad key by where it is', () => {
    expect(refusal(clean, { lastName: 'Lima\uD800' })).toMatchObject({ key: 'characterNotAllowed', values: { field: 'lastName' } });
    expect(refusal(clean, { lastName: '\uDC00x' })).toMatchObject({ key: 'characterNotAllowed' });
    expect(refusal(clean, { contact: { ['\uD83Dkey']: 'x' } })).toMatchObject({ key: 'characterNotAllowed', values: { field: 'contact' } });
  });

  it('refuses over-long values and names, and deep nesting', () => {
    expect(refusal(clean, { notes: 'x'.repeat(INPUT_LIMITS.value + 1) })).toMatchObject({ key: 'fieldTooLong', values: { field: 'notes' } });
    expect(refusal(clean, { ['k'.repeat(INPUT_LIMITS.name + 1)]: 1 })).toMatchObject({ key: 'fieldTooLong', values: { field: 'body' } });
    let deep: unknown = 'end';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(refusal(clean, deep)).toMatchObject({ key: 'bodyTooDeep' });
  });
});
