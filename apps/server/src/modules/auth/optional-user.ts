import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from '../../platform/http/app-env.ts';

/**
 * For routes that visitors may use too (the public gallery, public files): sets c.var.user
 * when the request carries a valid session and lets the request through either way. Read it
 * with `viewerOf(c)`, since the variable may be unset here.
 */
export const optionalUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = await c.get('getSessionUser')(c.req.raw.headers);
  if (user) c.set('user', user);
  await next();
});

/** The signed-in user's id behind `optionalUser`, or null for a visitor. */
export function viewerOf(c: { get(key: 'user'): SessionUser | undefined }): string | null {
  return c.get('user')?.id ?? null;
}
