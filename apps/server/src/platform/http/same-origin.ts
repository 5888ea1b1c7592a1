import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { forbidden } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Sec-Fetch-Site values of a request the page itself made (or the person's own navigation).
 * `same-site` is not among them: a sibling subdomain is not Atelier.
 */
const OWN_SITE = new Set(['same-origin', 'none']);

/**
 * One rule against cross-site request forgery, on top of SameSite=Lax cookies, for every
 * state-changing request (anything but GET, HEAD and OPTIONS):
 * - an Origin header must be PUBLIC_URL's origin; `Origin: null` (a sandboxed frame, a
 *   cross-site redirect, a file) is another site;
 * - a Sec-Fetch-Site header must say same-origin (or none);
 * - a request with neither is not a browser's (browsers send Origin on every state-changing
 *   request) and passes: curl, a script, a provider's webhook.
 * The one request the rule lets through from anywhere is one authenticated by a valid API key
 * (api-key-auth.ts, which answers any other Bearer credential 401 first) that carries no
 * cookie: it holds no ambient credential for another site to borrow. A cookie is checked
 * whatever comes with it — an Authorization header of any kind, even a valid key. Cookieless
 * requests are checked too (a cross-site sign-in would sign the browser into another account).
 * `exempt` paths receive cross-site posts by design (Apple's sign-in form_post).
 */
export function sameOriginOnly(publicUrl: string, exempt: string[] = []): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.some((prefix) => c.req.path.startsWith(prefix))) return next();
    if (c.get('apiKeyId') && !c.req.header('cookie')) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    if ((origin !== undefined && origin !== allowed) || (site !== undefined && !OWN_SITE.has(site))) {
      throw forbidden('Requests from other sites are not accepted');
    }
    await next();
  };
}
