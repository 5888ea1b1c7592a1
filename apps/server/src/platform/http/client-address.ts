import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';

/** When there is no socket (the app called in-process by tests), all such calls share this. */
export const NO_SOCKET = 'unknown';

/**
 * The client's address, for rate limits and security events. Behind a reverse proxy
 * (TRUST_PROXY=true) it is the last X-Forwarded-For entry: the one our proxy appended, which
 * a client cannot forge (entries before it are whatever the client sent). Without a proxy the
 * header is ignored entirely and the socket address counts.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? NO_SOCKET;
  } catch {
    return NO_SOCKET;
  }
}

/**
 * How many leading bits name one sender, and one sender's network: an IPv4 address is one
 * client (a /24 its network); an IPv6 client holds a whole /64 (its network a /48, a site),
 * so a limit on one IPv6 address would be no limit at all.
 */
const PREFIX_BITS = { ipv4: { sender: 32, network: 24 }, ipv6: { sender: 64, network: 48 } } as const;

function prefixOf(address: string, of: 'sender' | 'network'): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address); // an IPv4-mapped IPv6 address is the IPv4 client it maps
  const bits = PREFIX_BITS[ip.kind()][of];
  const mask =
    ip.kind() === 'ipv4' ? ipaddr.IPv4.subnetMaskFromPrefixLength(bits) : ipaddr.IPv6.subnetMaskFromPrefixLength(bits);
  const masked = ip.toByteArray().map((byte, i) => byte & mask.toByteArray()[i]!);
  return `${ipaddr.fromByteArray(masked).toString()}/${bits}`;
}

/** The sender a limit counts for a client address: the address, or an IPv6 client's /64. */
export const clientSender = (address: string) => prefixOf(address, 'sender');

/** The network a client address is in, for limits shared by one network's clients (IPv4 /24, IPv6 /48). */
export const clientNetwork = (address: string) => prefixOf(address, 'network');
