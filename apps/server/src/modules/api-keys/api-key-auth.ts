import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../platform/http/app-error.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { bearerSecret } from './api-key-secrets.ts';
import { apiKeyMayCall, carriesApiKeyScope } from './api-key-scope.ts';
import type { ApiKeyService } from './service.ts';

/**
 * `Authorization: Bearer <secret>` (after the session resolver, which it replaces for the
 * request): an unknown or revoked key, or a disabled account's, is 401 at once; a route a key
 * may not call is 403 API_KEY_NOT_ALLOWED. The key's user is then the request's user for
 * requireUser and optionalUser alike — cookies are not looked at, so a request with a key is
 * never acted on with someone's session (and the same-origin check can let it through).
 */
export function apiKeyAuth(service: ApiKeyService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = bearerSecret(c.req.header('authorization'));
    if (!secret || !carriesApiKeyScope(c.req.path)) return next();
    const user = await service.resolve(secret);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Unknown or revoked API key');
    if (!apiKeyMayCall(c.req.method, c.req.path)) {
      throw new AppError('API_KEY_NOT_ALLOWED', 'An API key cannot do this: sign in to Atelier instead');
    }
    c.set('getSessionUser', async () => user);
    await next();
  };
}
