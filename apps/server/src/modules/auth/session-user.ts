import type { MiddlewareHandler } from 'hono';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { AppEnv, SessionUser } from '../../platform/http/app-env.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import { assertSessionActive } from '../security/session-activity.ts';
import { accountStanding } from './account-gate.ts';
import type { Auth } from './auth.ts';

/** Puts a session resolver on every request; requireUser (and optional-auth routes) call it. */
export function sessionResolver(auth: Auth, db: DbOrTx, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('getSessionUser', async (headers, options = {}) => {
      const session = await auth.api.getSession({ headers });
      if (!session) return null;
      // A disabled account is nobody, even with a session that survived (or, later, an API key).
      const standing = await accountStanding(db, session.user.id);
      if (!standing || standing.disabled) return null;
      const user: SessionUser = {
        id: session.user.id,
        email: session.user.email,
        sessionId: session.session.id,
        role: standing.role,
        session: {
          createdAt: new Date(session.session.createdAt),
          signInMethod: (session.session as { signInMethod?: string | null }).signInMethod ?? null,
        },
        claimedAt: standing.claimedAt,
      };
      // The inactivity timeout and the suspicious request patterns (contracts/security.ts): an
      // idle session is ended here, and every authenticated request is seen here, for every route.
      const client = { address: clientAddress(c, trustProxy), userAgent: headers.get('user-agent') };
      await assertSessionActive(db, user, { touch: options.touch ?? true, client });
      return user;
    });
    await next();
  };
}
