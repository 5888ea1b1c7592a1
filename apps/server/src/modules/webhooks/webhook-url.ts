import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { URL_MAX_LENGTH } from '@atelier/contracts';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../platform/http/app-error.ts';

/** Where webhooks may go (config.webhooks): WEBHOOK_ALLOW_PRIVATE, https in production. */
export interface WebhookPolicy {
  allowPrivate: boolean;
  requireHttps: boolean;
}

export const refusedWebhookUrl = (why: string) =>
  new AppError('WEBHOOK_URL_NOT_ALLOWED', `webhookUrl: ${why}`, {
    fields: { webhookUrl: why },
    issues: [{ field: 'webhookUrl', problem: 'invalid' }],
  });

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address stands for, in the forms that lead to them: IPv4-mapped
 * (::ffff:a.b.c.d, where Node connects to the IPv4 address itself), NAT64's well-known prefix
 * (64:ff9b::a.b.c.d, RFC 6052: a DNS64 resolver hands these out for IPv4-only hosts), 6to4
 * (2002:AABB:CCDD::/48) and Teredo (2001:0:<server>:…:<client, inverted>). Undefined for any
 * other address.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const [, b, c, d, e, f, g, h] = address.parts as [number, number, number, number, number, number, number, number];
  switch (address.range()) {
    case 'ipv4Mapped':
      return [ipv4Of(g, h)];
    case 'rfc6052':
      // Only 64:ff9b::/96 has the IPv4 address in its last 32 bits; 64:ff9b:1::/48 is local use.
      return b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0 ? [ipv4Of(g, h)] : undefined;
    case '6to4':
      return [ipv4Of(b, c)];
    case 'teredo':
      return [ipv4Of(c, d), ipv4Of(g ^ 0xffff, h ^ 0xffff)];
    default:
      return undefined;
  }
}

/**
 * An IPv6 address whose last 32 bits are written as a dotted quad, with them in hex instead:
 * ipaddr.js reads `::a.b.c.d` as IPv4-mapped (`::ffff:a.b.c.d`), which it is not.
 */
const hexTail = (address: string) => {
  const quad = /:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  const octets = quad?.slice(1).map(Number);
  if (!quad || !octets || octets.some((octet) => octet > 255)) return address;
  const [a, b, c, d] = octets as [number, number, number, number];
  return `${address.slice(0, quad.index)}:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
};

/** IANA's global unicast space: every public IPv6 address is in it. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * Only ordinary public unicast addresses. IPv4: private (10/8, 172.16/12, 192.168/16),
 * loopback, link-local (169.254/16 — cloud metadata), carrier-grade NAT (100.64/10),
 * unspecified (0/8), broadcast, multicast and the reserved ranges are refused. IPv6: an
 * address that carries an IPv4 address (mapped, NAT64, 6to4, Teredo) is judged by that
 * IPv4 address; any other must be global unicast (2000::/3) outside every special range — so
 * loopback, unspecified, the deprecated IPv4-compatible ::a.b.c.d and SIIT's ::ffff:0:a.b.c.d,
 * unique-local (fc00::/7), link-local (fe80::/10), multicast and documentation addresses are
 * all refused.
 */
export function isPublicAddress(address: string): boolean {
  const written = hexTail(address);
  if (!ipaddr.isValid(written)) return false;
  const parsed = ipaddr.parse(written);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(ipv6);
  if (embedded) return embedded.every((ipv4) => ipv4.range() === 'unicast');
  return ipv6.range() === 'unicast' && ipv6.match(GLOBAL_UNICAST);
}

/** `localhost` and its subdomains, with or without the trailing dot: loopback by definition (RFC 6761). */
const isLocalhostName = (host: string) => /(^|\.)localhost\.*$/i.test(host);

/** The URL's syntax and scheme; the host is judged by `assertWebhookDestination`. */
export function parseWebhookUrl(raw: string, policy: WebhookPolicy): URL {
  if (raw.length > URL_MAX_LENGTH) throw refusedWebhookUrl('too long');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refusedWebhookUrl('not a URL');
  }
  const schemes = policy.requireHttps ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol))
    throw refusedWebhookUrl(policy.requireHttps ? 'must be https' : 'must be http(s)');
  if (url.username || url.password) throw refusedWebhookUrl('must not carry credentials');
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Every address a host name resolves to (the system resolver, or a test's). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;
export const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

const PRIVATE_REFUSED = 'private, loopback and link-local addresses are not allowed';

/**
 * A `lookup` for the delivery's connection (http.request): it resolves the name and hands the
 * connection only addresses that were checked here, or fails with EREFUSED_PRIVATE when any
 * is not public. The check is on the very addresses the socket connects to, so a name that
 * answers a public address to the first look-up and a private one to the next (DNS
 * rebinding) gets nowhere.
 */
export function checkedLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    const refuse = (address: string) =>
      callback(Object.assign(new Error(`refused address ${address}`), { code: 'EREFUSED_PRIVATE' }), '', 0);
    if (isLocalhostName(hostname)) return refuse(hostname);
    resolve(hostname).then(
      (found) => {
        const list = found.filter((a) => !options.family || a.family === options.family);
        const refused = list.find((a) => !isPublicAddress(a.address));
        if (refused || list.length === 0) return refuse(refused?.address ?? '(none)');
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
        callback(null, list[0]!.address, list[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/**
 * Refuses a webhook URL whose host is, or resolves to, a non-public address (unless private
 * ones are allowed): an IP address in any spelling (the URL parser has made it canonical:
 * 2130706433, 0x7f.1, 0177.0.0.1 and 127.1 are all 127.0.0.1), `localhost` names, and a name
 * any of whose addresses is not public. Called when a run or batch is created and again at
 * delivery, whose connection then checks the addresses it connects to (`checkedLookup`).
 */
export async function assertWebhookDestination(url: URL, policy: WebhookPolicy, resolve = systemResolve) {
  if (policy.allowPrivate) return;
  const host = hostOf(url);
  if (isLocalhostName(host)) throw refusedWebhookUrl(PRIVATE_REFUSED);
  const addresses = isIP(host)
    ? [host]
    : await resolve(host).then(
        (found) => found.map((a) => a.address),
        () => {
          throw refusedWebhookUrl('the host name does not resolve');
        },
      );
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw refusedWebhookUrl(PRIVATE_REFUSED);
}

/** Checks a `webhookUrl` of a request: its syntax, scheme and destination. */
export async function checkWebhookUrl(raw: string, policy: WebhookPolicy, resolve = systemResolve): Promise<string> {
  const url = parseWebhookUrl(raw, policy);
  await assertWebhookDestination(url, policy, resolve);
  return url.toString();
}
