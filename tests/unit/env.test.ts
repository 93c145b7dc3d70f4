import { describe, expect, it } from 'vitest';
import { parseEnv, parseRateLimit, startupRefusal } from '@/server/env';
import { localeFromAcceptLanguage } from '@/server/accept-language';

describe('configuration', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: 'data', SKYPASS_DEMO: false });
    expect(env.RATE_LIMIT_SIGNIN_PER_EMAIL).toEqual({ max: 5, windowMs: 15 * 60_000 });
  });

  it('reads rate limits like 5/15m', () => {
    expect(parseRateLimit('3/30s')).toEqual({ max: 3, windowMs: 30_000 });
    expect(parseRateLimit('100/1h')).toEqual({ max: 100, windowMs: 3_600_000 });
    expect(parseRateLimit('0/1m')).toBeUndefined();
    expect(parseRateLimit('five/1m')).toBeUndefined();
  });

  it('names every bad variable in one line', () => {
    expect(() => parseEnv({ PORT: 'abc', RATE_LIMIT_SIGNIN_PER_IP: 'lots', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT.*RATE_LIMIT_SIGNIN_PER_IP.*DATABASE_URL|PORT.*DATABASE_URL.*RATE_LIMIT_SIGNIN_PER_IP/,
    );
  });

  it('refuses to start in production without SMTP_URL and NEXTAUTH_SECRET', () => {
    expect(startupRefusal(parseEnv({ NODE_ENV: 'production' }))).toBe(
      'SMTP_URL and NEXTAUTH_SECRET must be set in production (or set SKYPASS_DEMO=true to run the demo)',
    );
    expect(startupRefusal(parseEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }))).toMatch(/^NEXTAUTH_SECRET must/);
  });

  it('starts in production with both, in the demo, and in development', () => {
    const secret = 'x'.repeat(32);
    expect(startupRefusal(parseEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://m.example', NEXTAUTH_SECRET: secret }))).toBeUndefined();
    expect(startupRefusal(parseEnv({ NODE_ENV: 'production', SKYPASS_DEMO: 'true' }))).toBeUndefined();
    expect(startupRefusal(parseEnv({ NODE_ENV: 'development' }))).toBeUndefined();
  });
});

describe('the visitor language', () => {
  it('picks the best supported language', () => {
    expect(localeFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('zh-Hant-TW,zh;q=0.8')).toBe('zh-TW');
    expect(localeFromAcceptLanguage('zh-CN')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('sv,de;q=0.5')).toBe('de');
    expect(localeFromAcceptLanguage('sv')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });
});
