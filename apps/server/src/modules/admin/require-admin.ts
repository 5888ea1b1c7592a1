import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { apiNotFound } from '../../platform/http/error-handler.ts';

/**
 * In front of every /api/admin route, before validation: anyone but a signed-in admin gets
 * exactly the answer of an unknown API path, so the console leaves no trace — a visitor, a
 * user, and a user whose session has just expired (no 401) alike.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await c
    .get('getSessionUser')(c.req.raw.headers)
    .catch(() => null);
  if (user?.role !== 'admin') return apiNotFound(c);
  c.set('user', user);
  await next();
});
