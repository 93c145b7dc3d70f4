// The addresses a partner's URL may not reach, every notation the URL parser hands over, and the
// operator's allowance (OCTO_WEBHOOK_ALLOW).
import { describe, expect, it } from 'vitest';
import { isRefusedAddress, parseNetworks } from '@/server/egress/internal-addresses';
import { parseEnv } from '@/server/env';

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

describe('internal addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '0.0.0.0',
    '::',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.9.9',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.1.1',
    'fc00::1',
    'fdff::1',
    'fe80::1',
    '224.0.0.251',
    'ff02::1',
    '255.255.255.255',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:5db8:d822'])('lets %s through', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
  ])('reads %s as %s, refused', (url, address) => {
    expect(hostOf(url)).toBe(address);
    expect(isRefusedAddress(hostOf(url))).toBe(true);
  });

  it('allows only the networks the operator names', () => {
    const allowed = parseNetworks('10.20.0.0/16, 127.0.0.1, fd12::/16')!;
    expect(isRefusedAddress('10.20.9.9', allowed)).toBe(false);
    expect(isRefusedAddress('10.21.0.1', allowed)).toBe(true);
    expect(isRefusedAddress('127.0.0.1', allowed)).toBe(false);
    expect(isRefusedAddress('::ffff:127.0.0.1', allowed)).toBe(false);
    expect(isRefusedAddress('127.0.0.2', allowed)).toBe(true);
    expect(isRefusedAddress('fd12::5', allowed)).toBe(false);
    expect(isRefusedAddress('::1', allowed)).toBe(true);
  });

  it.each(['10.0.0.0/33', 'localhost', '10.0.0.0/8/1', 'fd00::/129'])('refuses the allowance %s at start-up', (value) => {
    expect(parseNetworks(value)).toBeUndefined();
    expect(() => parseEnv({ OCTO_WEBHOOK_ALLOW: value })).toThrow(/OCTO_WEBHOOK_ALLOW/);
  });
});
