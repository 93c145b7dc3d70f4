// Where a partner's URL (a reseller's webhook) points, checked before anything is sent: http or https, no
// credentials, not the site itself, and a host that resolves only to addresses outside the site's
// networks (internal-addresses.ts). The address answered is the one to connect to: connecting to it
// (not to the name again) leaves no room for a second, different DNS answer (rebinding).
import dns from 'node:dns';
import type net from 'node:net';
import { addressFamily, isRefusedAddress } from './internal-addresses';

export type EgressPolicy = {
  /** Internal networks the operator allows (OCTO_WEBHOOK_ALLOW): a partner's private network. */
  allowed?: net.BlockList;
  /** The site's own public address: a partner may not make the site call itself. */
  siteUrl?: string;
  /** The resolver (default: the system's, every address of the name); a test plays a name that changes. */
  lookup?: (hostname: string) => Promise<string[]>;
};

const systemLookup = async (hostname: string): Promise<string[]> => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** A destination that may not be called; its message says why, for the partner. */
export class RefusedDestination extends Error {}

export type Destination = { url: URL; address: string; port: number };

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

async function addressesOf(hostname: string, lookup = systemLookup): Promise<string[]> {
  if (addressFamily(hostname)) return [hostname];
  try {
    return await lookup(hostname);
  } catch {
    throw new RefusedDestination(`The host ${hostname} could not be resolved`);
  }
}

/** Is this address and port the site's own? (Its host resolved on each check: it is rarely called.) */
async function isSite(address: string, port: number, { siteUrl, lookup }: EgressPolicy): Promise<boolean> {
  if (!siteUrl) return false;
  const site = new URL(siteUrl);
  if (portOf(site) !== port) return false;
  const siteAddresses = await addressesOf(bare(site.hostname), lookup).catch((): string[] => []);
  return siteAddresses.includes(address);
}

/** Checks an address actually connected to (or about to be): the same rules as a resolved one. */
export async function checkAddress(address: string, port: number, policy: EgressPolicy): Promise<void> {
  if (isRefusedAddress(address, policy.allowed)) throw new RefusedDestination(`The URL points to an internal address (${address}), which is not allowed`);
  if (await isSite(address, port, policy)) throw new RefusedDestination('The URL points to this site itself, which is not allowed');
}

/** The URL parsed and checked, with the address to connect to; throws RefusedDestination. */
export async function resolveDestination(raw: string, policy: EgressPolicy): Promise<Destination> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedDestination('The URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedDestination('The URL must use http or https');
  if (url.username || url.password) throw new RefusedDestination('The URL may not carry a user name or password');
  if (policy.siteUrl && url.origin === new URL(policy.siteUrl).origin) throw new RefusedDestination('The URL points to this site itself, which is not allowed');
  // Names of the machine itself (RFC 6761), whatever this machine's resolver says of them.
  if (/(^|\.)localhost\.?$/i.test(url.hostname)) throw new RefusedDestination(`The URL points to this machine (${url.hostname}), which is not allowed`);
  const addresses = await addressesOf(bare(url.hostname), policy.lookup);
  if (addresses.length === 0) throw new RefusedDestination(`The host ${url.hostname} could not be resolved`);
  // Every answer is checked: a name with one public and one internal address is refused, whichever a
  // later lookup would have picked.
  for (const address of addresses) await checkAddress(address, portOf(url), policy);
  return { url, address: addresses[0]!, port: portOf(url) };
}
