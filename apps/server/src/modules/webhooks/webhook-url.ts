import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
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

/**
 * Only ordinary public unicast addresses: private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * loopback, link-local (169.254/16 — cloud metadata — and fe80::/10), carrier-grade NAT,
 * unspecified, multicast and reserved ranges are all refused. An IPv4 address written as IPv6
 * (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

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

type Lookup = (host: string) => Promise<LookupAddress[]>;
const systemLookup: Lookup = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * Refuses a webhook URL whose host is, or resolves to, a non-public address (unless private
 * ones are allowed). Called when a run or batch is created, and again by the delivery's own
 * DNS lookup (webhook-delivery.ts), so a name that later points inward is caught at delivery.
 */
export async function assertWebhookDestination(url: URL, policy: WebhookPolicy, lookup = systemLookup) {
  if (policy.allowPrivate) return;
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : await lookup(host).then(
        (found) => found.map((a) => a.address),
        () => {
          throw refusedWebhookUrl('the host name does not resolve');
        },
      );
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw refusedWebhookUrl('private, loopback and link-local addresses are not allowed');
  }
}

/** Checks a `webhookUrl` of a request: its syntax, scheme and destination. */
export async function checkWebhookUrl(raw: string, policy: WebhookPolicy): Promise<string> {
  const url = parseWebhookUrl(raw, policy);
  await assertWebhookDestination(url, policy);
  return url.toString();
}
