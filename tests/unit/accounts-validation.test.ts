import { describe, expect, it } from 'vitest';
import { DEFAULT_CALLBACK_URL, safeCallbackUrl } from '@/universal/callback-url';
import { contactSchema, normalizePhoneNumber } from '@/modules/accounts/contact';
import { emailSchema } from '@/modules/accounts/email';
import { normalizeEmail } from '@/universal/normalize-email';

describe('e-mail normalisation', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ana.Lima@Example.COM\n')).toBe('ana.lima@example.com');
    expect(emailSchema.parse(' MIXED@Case.Org ')).toBe('mixed@case.org');
  });

  it.each(['', 'no-at-sign', 'a@b', 'two@@example.com', 'spaces in@example.com', `${'x'.repeat(250)}@example.com`])(
    'refuses %j',
    (value) => expect(emailSchema.safeParse(value).success).toBe(false),
  );

  it('refuses non-strings', () => {
    expect(emailSchema.safeParse(42).success).toBe(false);
    expect(emailSchema.safeParse(null).success).toBe(false);
  });
});

describe('callbackUrl checks', () => {
  const origin = 'http://localhost:3000';

  it('keeps paths of this site', () => {
    expect(safeCallbackUrl('/profile')).toBe('/profile');
    expect(safeCallbackUrl('/fr/profile?tab=tokens#top')).toBe('/fr/profile?tab=tokens#top');
    expect(safeCallbackUrl(['/checkout', '/other'])).toBe('/checkout');
  });

  it('turns a same-origin absolute URL into its path', () => {
    expect(safeCallbackUrl('http://localhost:3000/profile?x=1', origin)).toBe('/profile?x=1');
  });

  it.each([
    'https://evil.example/profile',
    '//evil.example/profile',
    '/\\evil.example',
    'javascript:alert(1)',
    'profile',
    '/pro\nfile',
    '',
    undefined,
    42,
  ])('refuses %j', (value) => {
    expect(safeCallbackUrl(value, origin)).toBe(DEFAULT_CALLBACK_URL);
  });

  it('refuses other origins even without one to compare with', () => {
    expect(safeCallbackUrl('http://localhost:3000/profile')).toBe(DEFAULT_CALLBACK_URL);
  });
});

describe('the sign-up contact', () => {
  const valid = { firstName: ' Ana ', lastName: "O'Neil-Lima", phoneNumber: '+1 (212) 555-0100', country: 'us' };

  it('normalises a valid contact', () => {
    expect(contactSchema.parse(valid)).toEqual({
      firstName: 'Ana',
      lastName: "O'Neil-Lima",
      phoneNumber: '+12125550100',
      country: 'US',
      postalCode: undefined,
      marketingOptIn: false,
    });
  });

  it('accepts names in any script', () => {
    expect(contactSchema.safeParse({ ...valid, firstName: '美咲', lastName: 'Łukasz Żółć' }).success).toBe(true);
  });

  it('requires phoneNumber', () => {
    const result = contactSchema.safeParse({ ...valid, phoneNumber: undefined });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['phoneNumber']);
  });

  it.each([
    ['script in a name', { firstName: '<script>alert(1)</script>' }],
    ['a number as a name', { lastName: 12 }],
    ['letters in a phone number', { phoneNumber: '+1 555 CALL NOW' }],
    ['a too short phone number', { phoneNumber: '123' }],
    ['an unknown country', { country: 'XX' }],
    ['an unknown field', { isAdmin: true }],
  ])('refuses %s', (_name, change) => {
    expect(contactSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });

  it('normalises phone numbers to a + and digits', () => {
    expect(normalizePhoneNumber('020 7946 0958')).toBe('02079460958');
    expect(normalizePhoneNumber('+81 3-1234-5678')).toBe('+81312345678');
    expect(normalizePhoneNumber('1234567890123456')).toBeUndefined();
  });
});
