import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

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
