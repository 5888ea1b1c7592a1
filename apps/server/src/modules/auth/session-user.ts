import type { MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from '../../platform/http/app-env.ts';
import type { Auth } from './auth.ts';

/** Puts a session resolver on every request; requireUser (and optional-auth routes) call it. */
export function sessionResolver(auth: Auth): MiddlewareHandler<AppEnv> {
  const getSessionUser = async (headers: Headers): Promise<SessionUser | null> => {
    const session = await auth.api.getSession({ headers });
    return session ? { id: session.user.id, email: session.user.email, sessionId: session.session.id } : null;
  };
  return async (c, next) => {
    c.set('getSessionUser', getSessionUser);
    await next();
  };
}
