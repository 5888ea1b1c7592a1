import type { MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from '../../platform/http/app-env.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { SessionActivity } from '../security/session-activity.ts';
import type { Auth } from './auth.ts';

/** Puts a session resolver on every request; requireUser (and optional-auth routes) call it. */
export function sessionResolver(auth: Auth, db: DbOrTx): MiddlewareHandler<AppEnv> {
  const activity = new SessionActivity(db);
  const getSessionUser = async (headers: Headers, options: { touch?: boolean } = {}): Promise<SessionUser | null> => {
    const session = await auth.api.getSession({ headers });
    if (!session) return null;
    const user = { id: session.user.id, email: session.user.email, sessionId: session.session.id };
    // The inactivity timeout (platform.md §4): an idle session is ended here, for every route.
    await activity.assertActive(user, { touch: options.touch ?? true });
    return user;
  };
  return async (c, next) => {
    c.set('getSessionUser', getSessionUser);
    await next();
  };
}
