// The visitor's language through redirects: paths in a locale, and where a sign-in goes afterwards.
import { describe, expect, it } from 'vitest';
import { callbackInLanguage, localizedPath, splitLocale } from '@/universal/localized-path';

describe('localizedPath', () => {
  it('puts the locale in front, English without one', () => {
    expect(localizedPath('/profile', 'ja')).toBe('/ja/profile');
    expect(localizedPath('/profile', 'en')).toBe('/profile');
    expect(localizedPath('/', 'de')).toBe('/de');
    expect(localizedPath('/checkout?uuid=1', 'zh-TW')).toBe('/zh-TW/checkout?uuid=1');
  });

  it('replaces a locale prefix already there, ours or foreign', () => {
    expect(localizedPath('/de/profile', 'ja')).toBe('/ja/profile');
    expect(localizedPath('/ja', 'en')).toBe('/');
    expect(localizedPath('/ja?x=1', 'fr')).toBe('/fr?x=1');
    expect(localizedPath('/xx/products', 'de')).toBe('/de/products');
  });

  it('keeps pages whose names are not language tags', () => {
    expect(localizedPath('/dev/mailbox', 'ja')).toBe('/ja/dev/mailbox');
    expect(splitLocale('/products')).toEqual({ foreign: false, rest: '/products' });
  });
});

describe('callbackInLanguage', () => {
  it('keeps a callbackUrl in the page language', () => {
    expect(callbackInLanguage('/ja/profile', 'ja', undefined)).toBe('/ja/profile');
    expect(callbackInLanguage('/products', 'en', undefined)).toBe('/products');
  });

  it('gives a callbackUrl without a prefix the language of the page, or of the cookie', () => {
    expect(callbackInLanguage('/profile', 'ja', undefined)).toBe('/ja/profile');
    expect(callbackInLanguage('/profile', 'de', 'de')).toBe('/de/profile');
    expect(callbackInLanguage('/products', 'en', 'ko')).toBe('/ko/products');
  });

  it('sends a foreign or unknown prefix to the language cookie, never to a broken path', () => {
    expect(callbackInLanguage('/fr/profile', 'ja', 'ja')).toBe('/ja/profile');
    expect(callbackInLanguage('/xx/products', 'de', 'de')).toBe('/de/products');
    expect(callbackInLanguage('/xx/products', 'en', 'nonsense')).toBe('/products');
  });
});
