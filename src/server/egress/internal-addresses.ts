// Which addresses a partner's URL may not reach: the site's own machine and networks (loopback, private,
// link-local, unique-local, multicast, unspecified, reserved), unless the operator allows a network.
// Checked on the address itself, after the URL parser has turned every notation into one (2130706433,
// 0x7f000001 and 0177.0.0.1 are 127.0.0.1), and IPv4 seen through IPv6 (::ffff:127.0.0.1) as IPv4.
import net from 'node:net';

const INTERNAL_IPV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const INTERNAL_IPV6: [string, number][] = [
  ['::', 96], // unspecified (::), loopback (::1), IPv4-compatible
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator may be an internal one
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
];

const internal = new net.BlockList();
for (const [address, prefix] of INTERNAL_IPV4) internal.addSubnet(address, prefix, 'ipv4');
// IPv4-mapped addresses (::ffff:a.b.c.d) are checked against the IPv4 rules by the list itself.
for (const [address, prefix] of INTERNAL_IPV6) internal.addSubnet(address, prefix, 'ipv6');

/** An address (no brackets) as the list's family, or undefined when it is not an IP address. */
export function addressFamily(address: string): 'ipv4' | 'ipv6' | undefined {
  const family = net.isIP(address);
  return family === 4 ? 'ipv4' : family === 6 ? 'ipv6' : undefined;
}

/** "10.0.0.0/8, 192.168.1.10, fd00::/8" → a list of those networks; undefined when an entry is not one. */
export function parseNetworks(value: string): net.BlockList | undefined {
  const list = new net.BlockList();
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = addressFamily(address);
    if (!family || extra !== undefined) return undefined;
    if (prefix === undefined) list.addAddress(address, family);
    else if (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 'ipv4' ? 32 : 128)) list.addSubnet(address, Number(prefix), family);
    else return undefined;
  }
  return list;
}

/** True when `address` is internal and `allowed` does not name its network. Not an address: true. */
export function isRefusedAddress(address: string, allowed?: net.BlockList): boolean {
  const family = addressFamily(address);
  if (!family) return true;
  if (!internal.check(address, family)) return false;
  return !allowed?.check(address, family);
}
