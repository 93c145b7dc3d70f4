import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clockNotice, clockOffsetFrom, clockSettable } from '@/server/clock';
import { parseEnv } from '@/server/env';
import { FIXED_NOW, FIXED_NOW_ISO } from '../support/fixed-date';

const real = Date.parse('2026-11-26T12:00:00Z');

describe('the server clock', () => {
  it('starts at SKYPASS_CLOCK in demo mode and in tests', () => {
    const demo = parseEnv({ SKYPASS_CLOCK: FIXED_NOW_ISO, SKYPASS_DEMO: 'true', NODE_ENV: 'production' });
    const test = parseEnv({ SKYPASS_CLOCK: FIXED_NOW_ISO, NODE_ENV: 'test' });
    expect(real + clockOffsetFrom(demo, real)).toBe(FIXED_NOW.getTime());
    expect(real + clockOffsetFrom(test, real)).toBe(FIXED_NOW.getTime());
    expect(clockNotice(demo)).toMatch(/started at 2027-05-12T10:00:00-04:00/);
  });

  it('ignores SKYPASS_CLOCK on a real shop, and says so in one line', () => {
    const production = parseEnv({ SKYPASS_CLOCK: FIXED_NOW_ISO, NODE_ENV: 'production' });
    expect(clockSettable(production)).toBe(false);
    expect(clockOffsetFrom(production, real)).toBe(0);
    expect(clockNotice(production)).toBe('SKYPASS_CLOCK is ignored outside demo mode and tests: the site runs on the real time');
    expect(clockNotice(parseEnv({ NODE_ENV: 'production' }))).toBeUndefined();
  });

  it('names a SKYPASS_CLOCK that is not an instant', () => {
    expect(() => parseEnv({ SKYPASS_CLOCK: 'next tuesday' })).toThrow(/SKYPASS_CLOCK is an ISO instant/);
    expect(() => parseEnv({ SKYPASS_CLOCK: '2027-05-12' })).toThrow(/SKYPASS_CLOCK/);
  });

  it('starts the browser tests\' site at the instant the other tests use', () => {
    // scripts/e2e-server.mjs is plain JavaScript and cannot import fixed-date.ts: it repeats the instant.
    expect(fs.readFileSync('scripts/e2e-server.mjs', 'utf8')).toContain(`const FIXED_NOW_ISO = '${FIXED_NOW_ISO}';`);
  });
});
