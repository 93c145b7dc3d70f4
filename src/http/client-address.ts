// The address a request came from, for per-address limits. X-Forwarded-For is read from the right: each
// trusted proxy appends the address it saw, so the client's own entries (on the left) are never believed.
// TRUST_PROXY names how many proxies to believe, or which addresses they have (docs/decisions/0014).
import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import { getEnv, type TrustProxy } from '@/server/env';

/** "::ffff:10.0.0.1" (IPv4 seen through an IPv6 socket) is 10.0.0.1. */
function normalize(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

const lists = new WeakMap<object, net.BlockList>();

function proxyList(proxies: string[]): net.BlockList {
  let list = lists.get(proxies);
  if (!list) {
    list = new net.BlockList();
    for (const entry of proxies) {
      const [address = '', prefix] = entry.split('/');
      const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(normalize(address), family);
      else list.addSubnet(normalize(address), Number(prefix), family);
    }
    lists.set(proxies, list);
  }
  return list;
}

function trusted(list: net.BlockList, address: string): boolean {
  return list.check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address given the socket's peer and the X-Forwarded-For header: the nearest hop that is not
 * a trusted proxy. Past the last trusted proxy nothing is believed; an entry that is not an address stops
 * the walk at the proxy that wrote it.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trust: TrustProxy): string {
  const peer = normalize(socketAddress ?? 'unknown');
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  // Nearest first: the socket's peer, then the header's entries from the right.
  const hops = header
    .split(',')
    .map((entry) => normalize(entry.trim()))
    .filter((entry) => entry !== '')
    .reverse();
  let client = peer;
  for (let index = 0; index < hops.length; index++) {
    const believed = 'hops' in trust ? index < trust.hops : net.isIP(client) !== 0 && trusted(proxyList(trust.proxies), client);
    if (!believed) break;
    const next = hops[index]!;
    if (net.isIP(next) === 0) break;
    client = next;
  }
  return client.slice(0, 64);
}

export function clientAddress(req: IncomingMessage): string {
  return resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], getEnv().TRUST_PROXY);
}
