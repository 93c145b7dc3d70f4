// The client address behind proxies: read from the right of X-Forwarded-For, as far as trusted proxies go.
import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from '@/http/client-address';
import { parseEnv, parseTrustProxy } from '@/server/env';

describe('TRUST_PROXY', () => {
  it('is a number of proxies or their addresses; true and false stay 1 and 0', () => {
    expect(parseTrustProxy(undefined)).toEqual({ hops: 0 });
    expect(parseTrustProxy('false')).toEqual({ hops: 0 });
    expect(parseTrustProxy('true')).toEqual({ hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.10,::1,fd00::/8')).toEqual({ proxies: ['10.0.0.0/8', '192.168.1.10', '::1', 'fd00::/8'] });
  });

  it('refuses anything else with the variable named', () => {
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/8', '-1']) expect(parseTrustProxy(bad)).toBeUndefined();
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: TRUST_PROXY is a number of proxies/);
  });
});

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever the header says', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', { hops: 0 })).toBe('203.0.113.9');
  });

  it('is what the nearest trusted proxy saw, never an entry the client wrote', () => {
    // The client wrote "1.2.3.4"; the one proxy appended the address it saw.
    expect(resolveClientAddress('10.0.0.2', '1.2.3.4, 203.0.113.9', { hops: 1 })).toBe('203.0.113.9');
    expect(resolveClientAddress('10.0.0.2', ['1.2.3.4', '203.0.113.9'], { hops: 1 })).toBe('203.0.113.9');
    // Two proxies: the second saw the first.
    expect(resolveClientAddress('10.0.0.2', '1.2.3.4, 203.0.113.9, 10.0.0.7', { hops: 2 })).toBe('203.0.113.9');
    // Fewer entries than trusted proxies: the leftmost there is.
    expect(resolveClientAddress('10.0.0.2', '203.0.113.9', { hops: 3 })).toBe('203.0.113.9');
    expect(resolveClientAddress('10.0.0.2', undefined, { hops: 1 })).toBe('10.0.0.2');
  });

  it('walks trusted addresses and networks from the right', () => {
    const trust = { proxies: ['10.0.0.0/8', '::1'] };
    expect(resolveClientAddress('::ffff:10.1.2.3', '1.2.3.4, 203.0.113.9, 10.9.9.9', trust)).toBe('203.0.113.9');
    expect(resolveClientAddress('::1', '1.2.3.4, 203.0.113.9', trust)).toBe('203.0.113.9');
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(resolveClientAddress('198.51.100.7', '1.2.3.4', trust)).toBe('198.51.100.7');
  });

  it('stops at an entry that is not an address', () => {
    expect(resolveClientAddress('10.0.0.2', 'unknown, not-an-ip', { hops: 2 })).toBe('10.0.0.2');
  });
});
