import { describe, expect, it } from 'vitest';
import { parseResellerKeys, resellerKeysRefusal, WEBSITE_RESELLER } from '@/modules/resellers/reseller-keys';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/unavailable';
import { DEMO_OPS_KEY, DEMO_RESELLER } from '@/server/demo-keys';
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

  it('takes a gate tolerance of up to two days, and names a longer one', () => {
    expect(parseEnv({ GATE_TOLERANCE_MINUTES: '2880' }).GATE_TOLERANCE_MINUTES).toBe(2880);
    expect(() => parseEnv({ GATE_TOLERANCE_MINUTES: '2881' })).toThrow(/GATE_TOLERANCE_MINUTES/);
    expect(() => parseEnv({ GATE_TOLERANCE_MINUTES: '-1' })).toThrow(/GATE_TOLERANCE_MINUTES/);
  });

  it('wants every wallet variable of a kind, or none', () => {
    expect(startupRefusal(parseEnv({ GOOGLE_WALLET_ISSUER_ID: '3388000000022222222' }))).toMatch(/^GOOGLE_WALLET_ISSUER_ID, .* go together$/);
    expect(startupRefusal(parseEnv({ APPLE_PASS_TYPE_ID: 'pass.example.tickets', APPLE_TEAM_ID: 'ABCDE12345' }))).toMatch(/^APPLE_PASS_TYPE_ID, .* go together$/);
    expect(() => parseEnv({ APPLE_TEAM_ID: 'team' })).toThrow(/APPLE_TEAM_ID is 10 capital letters and digits/);
  });

  it('refuses to start in production without SMTP_URL, NEXTAUTH_SECRET and TICKET_SIGNING_KEY', () => {
    expect(startupRefusal(parseEnv({ NODE_ENV: 'production' }))).toBe(
      'SMTP_URL, NEXTAUTH_SECRET and TICKET_SIGNING_KEY must be set in production (or set SKYPASS_DEMO=true to run the demo)',
    );
    expect(startupRefusal(parseEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', TICKET_SIGNING_KEY: '+kg9vNKNpEYFnV19YQJk7K9swTixLiFvkP3R5ZrAZqk=' }))).toMatch(/^NEXTAUTH_SECRET must/);
  });

  it('refuses a shared database without one ticket signing key, in the demo too (decision 0033)', () => {
    const shared = { DATABASE_URL: 'postgres://db.example/skypass', SKYPASS_DEMO: 'true' };
    expect(startupRefusal(parseEnv(shared))).toBe('TICKET_SIGNING_KEY must be set when DATABASE_URL is set: every server of the site signs tickets with the same key');
    expect(startupRefusal(parseEnv({ ...shared, TICKET_SIGNING_KEY: '+kg9vNKNpEYFnV19YQJk7K9swTixLiFvkP3R5ZrAZqk=' }))).toBeUndefined();
    expect(() => parseEnv({ TICKET_SIGNING_KEY_PREVIOUS: 'short' })).toThrow(/TICKET_SIGNING_KEY_PREVIOUS/);
  });

  it('starts in production with both, in the demo, and in development', () => {
    const secret = 'x'.repeat(32);
    expect(startupRefusal(parseEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://m.example', NEXTAUTH_SECRET: secret, TICKET_SIGNING_KEY: '+kg9vNKNpEYFnV19YQJk7K9swTixLiFvkP3R5ZrAZqk=' }))).toBeUndefined();
    expect(startupRefusal(parseEnv({ NODE_ENV: 'production', SKYPASS_DEMO: 'true' }))).toBeUndefined();
    expect(startupRefusal(parseEnv({ NODE_ENV: 'development' }))).toBeUndefined();
  });
});

describe('demo keys and resellers at start-up', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://m.example', NEXTAUTH_SECRET: 'x'.repeat(32), TICKET_SIGNING_KEY: '+kg9vNKNpEYFnV19YQJk7K9swTixLiFvkP3R5ZrAZqk=' };

  it('refuses the published demo keys outside demo mode', () => {
    expect(startupRefusal(parseEnv({ ...production, OPS_API_KEY: DEMO_OPS_KEY }))).toBe(
      'OPS_API_KEY is the published demo key: choose a key of your own outside demo mode',
    );
    expect(startupRefusal(parseEnv({ ...production, OCTO_RESELLER_KEYS: `partner:partner-key-0123456789,copy:${DEMO_RESELLER.key}` }))).toMatch(
      /^OCTO_RESELLER_KEYS holds the published demo key/,
    );
    expect(startupRefusal(parseEnv({ NODE_ENV: 'development', OPS_API_KEY: DEMO_OPS_KEY }))).toMatch(/^OPS_API_KEY is the published demo key/);
    expect(startupRefusal(parseEnv({ SKYPASS_DEMO: 'true', OPS_API_KEY: DEMO_OPS_KEY }))).toBeUndefined();
  });

  it('refuses reserved, repeated and shared reseller ids and keys, in one line', () => {
    expect(resellerKeysRefusal(parseResellerKeys('website:website-key-0123456789'))).toBe(
      `OCTO_RESELLER_KEYS: the reseller id "${WEBSITE_RESELLER}" is reserved for the site's own bookings; choose another id`,
    );
    expect(resellerKeysRefusal(parseResellerKeys('a:key-a-0123456789abcdef,a:key-b-0123456789abcdef'))).toMatch(/"a" is listed twice/);
    expect(resellerKeysRefusal(parseResellerKeys('a:key-a-0123456789abcdef,b:key-a-0123456789abcdef'))).toMatch(/"b" has the key of another/);
    expect(resellerKeysRefusal(parseResellerKeys('a:key-a-0123456789abcdef,b:key-b-0123456789abcdef'))).toBeUndefined();
  });
});

describe('a database out of reach', () => {
  const coded = (code: string) => Object.assign(new Error(code), { code });

  it('is told from other failures, through drizzle and Node wrappers', () => {
    expect(isDatabaseUnavailable(coded('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(coded('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(coded('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: coded('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toBe(true);
  });

  it('is not a bad query, a constraint or a protocol violation', () => {
    for (const code of ['23505', '42P01', '22021', '08P01']) expect(isDatabaseUnavailable(coded(code))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('answers 503 with Retry-After', () => {
    expect(databaseUnavailable()).toMatchObject({ status: 503, code: 'UNAVAILABLE', key: 'serviceUnavailable', headers: { 'Retry-After': '10' } });
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
