import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from '../../platform/http/app-env.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { apiNotFound } from '../../platform/http/error-handler.ts';

export interface AdminGateOptions {
  /** ADMIN_REQUIRE_2FA: only sessions signed in with a second factor open the console. */
  requireSecondFactor: boolean;
}

/**
 * May this request use the admin console? An admin's session, not an API key's, made after the
 * account was claimed (its address proven by whoever holds its password): a session that
 * predates the claim belongs to whoever signed up first, not to the owner.
 */
export function isAdminSession(user: SessionUser | null): user is SessionUser {
  if (user?.role !== 'admin' || user.apiKeyId || !user.session || !user.claimedAt) return false;
  return user.session.createdAt >= user.claimedAt;
}

/**
 * In front of every /api/admin route, before validation: anyone but an admin gets exactly the
 * answer of an unknown API path, so the console leaves no trace — a visitor, a user, and a user
 * whose session has just expired (no 401) alike. An admin whose session lacks the required second
 * factor is told so (403 TWO_FACTOR_REQUIRED), so the console can send them to set it up.
 */
export function requireAdmin({ requireSecondFactor }: AdminGateOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await c
      .get('getSessionUser')(c.req.raw.headers)
      .catch(() => null);
    if (!isAdminSession(user)) return apiNotFound(c);
    if (requireSecondFactor && user.session?.signInMethod !== 'second_factor') {
      throw new AppError(
        'TWO_FACTOR_REQUIRED',
        'The admin console needs a session signed in with a second factor: set one up on the Security page, then sign in again.',
      );
    }
    c.set('user', user);
    await next();
  });
}
