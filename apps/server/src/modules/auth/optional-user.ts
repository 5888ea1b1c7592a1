import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from '../../platform/http/app-env.ts';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * For routes that visitors may use too (the public gallery, public files): sets c.var.user
 * when the request carries a valid session and lets the request through either way. Read it
 * with `viewerOf(c)`, since the variable may be unset here.
 */
export const optionalUser = createMiddleware<AppEnv>(async (c, next) => {
  // A session that has just timed out makes its holder a visitor here, not an error.
  const user = await c
    .get('getSessionUser')(c.req.raw.headers)
    .catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'SESSION_EXPIRED') return null;
      throw error;
    });
  if (user) c.set('user', user);
  await next();
});

/** The signed-in user's id behind `optionalUser`, or null for a visitor. */
export function viewerOf(c: { get(key: 'user'): SessionUser | undefined }): string | null {
  return c.get('user')?.id ?? null;
}
