import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { unauthenticated } from '../../platform/http/app-error.ts';

/**
 * Resolves the Better Auth session of the request and sets c.var.user, or answers 401
 * UNAUTHENTICATED. Every user-scoped route uses it.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = await c.get('getSessionUser')(c.req.raw.headers);
  if (!user) throw unauthenticated();
  c.set('user', user);
  await next();
});
