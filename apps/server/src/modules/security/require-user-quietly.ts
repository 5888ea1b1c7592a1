import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { unauthenticated } from '../../platform/http/app-error.ts';

/**
 * Like requireUser (idle sessions are still refused) but the request does not count as
 * activity: for the page's background session checks.
 */
export const requireUserQuietly = createMiddleware<AppEnv>(async (c, next) => {
  const user = await c.get('getSessionUser')(c.req.raw.headers, { touch: false });
  if (!user) throw unauthenticated();
  c.set('user', user);
  await next();
});
