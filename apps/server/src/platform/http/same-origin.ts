import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { forbidden } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF), on top of
 * SameSite=Lax cookies: a browser always sends Origin on such requests, and Sec-Fetch-Site
 * says "cross-site". Requests without either (curl, server-to-server webhooks) carry no
 * ambient cookies and pass. `exempt` paths receive cross-site posts by design (the Apple
 * sign-in callback is a form_post from appleid.apple.com).
 */
export function sameOriginOnly(publicUrl: string, exempt: string[] = []): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.some((prefix) => c.req.path.startsWith(prefix))) return next();
    // An API key's request is acted on as the key's user, never a session's (api-key-auth.ts):
    // no ambient credential for another site to borrow.
    if (/^Bearer\s/i.test(c.req.header('authorization') ?? '')) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    if ((origin && origin !== allowed) || site === 'cross-site') {
      throw forbidden('Requests from other sites are not accepted');
    }
    await next();
  };
}
