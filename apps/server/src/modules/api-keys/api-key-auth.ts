import { hasFeature } from '@atelier/contracts';
import type { MiddlewareHandler, NotFoundHandler } from 'hono';
import type { Database } from '../../platform/db/database.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { AppError, assertApiKeyScope } from '../../platform/http/app-error.ts';
import { planRequired } from '../../platform/http/feature-gate.ts';
import type { KnownRoutes } from '../../platform/http/known-routes.ts';
import { apiKeyMayCall, apiKeyScopeOf, carriesApiKeyScope, isAdminConsolePath } from './api-key-scope.ts';
import { bearerSecret, isBearerCredential } from './api-key-secrets.ts';
import { resolveApiKey } from './service.ts';

/**
 * `Authorization: Bearer <secret>` (after the session resolver, which it replaces for the
 * request). A Bearer credential is trusted only when it is a live API key: anything else sent
 * as one — garbage, an unknown or revoked key, a disabled account's — is 401 at once, never a
 * reason to look at the cookie beside it or to pass the same-origin check (same-origin.ts). A
 * route a key may not call is 403 API_KEY_NOT_ALLOWED, one outside the key's scopes 403
 * API_KEY_SCOPE naming the scope it needs. A path no route answers is the 404 (or 405) anyone
 * gets, whatever the Bearer credential (valid, invalid, with a cookie or without): answered
 * here, before the key is looked up, so nothing further down sees the request, and a refusal
 * never suggests a route exists where there is none. The key's user is then the request's
 * user for requireUser and optionalUser alike: cookies are not looked at, so a request with a
 * key is never acted on with someone's session. The admin console takes no keys: to it a
 * request with one is nobody (its 404 to everyone but admins, so it leaves no trace).
 */
export function apiKeyAuth(
  db: Database,
  /** Whether a route answers `method path` (known-routes.ts). */
  known: Pick<KnownRoutes, 'answers'>,
  /** The answer when none does: 405 when the path has other methods, else 404. */
  unmatched: NotFoundHandler<AppEnv>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    if (!isBearerCredential(authorization)) return next();
    if (isAdminConsolePath(c.req.path)) {
      c.set('getSessionUser', async () => null);
      return next();
    }
    if (!carriesApiKeyScope(c.req.path)) return next();
    if (!known.answers(c.req.method, c.req.path)) return unmatched(c);
    const secret = bearerSecret(authorization);
    const user = secret ? await resolveApiKey(db, secret) : null;
    if (!user) throw new AppError('UNAUTHENTICATED', 'Unknown or revoked API key');
    if (!apiKeyMayCall(c.req.method, c.req.path)) {
      throw new AppError('API_KEY_NOT_ALLOWED', 'An API key cannot do this: sign in to Atelier instead');
    }
    const scope = apiKeyScopeOf(c.req.method, c.req.path);
    if (scope) assertApiKeyScope(user, scope);
    // A key works while its account's plan has API keys: after a downgrade it is kept (listed,
    // revocable) but refused, and works again after an upgrade (ADR 0032).
    if (!hasFeature(await c.var.planOf(user.id), 'apiKeys')) throw planRequired('apiKeys');
    c.set('getSessionUser', async () => user);
    c.set('apiKeyId', user.apiKeyId);
    await next();
  };
}
