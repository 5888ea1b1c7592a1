import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { DbOrTx } from '../../platform/db/database.ts';
import { logSecurityEvent } from '../security/security-events.ts';

/**
 * Better Auth's after-hook that records a signed-in user's password change as a security
 * event, like onPasswordReset records a reset. Better Auth has no callback
 * for it, and an account database hook would fire for resets too. E-mail changes are off
 * (`user.changeEmail` is not enabled), so there is nothing to record for them.
 */
export const accountChangeEvents = (db: DbOrTx) =>
  createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/change-password') return;
    const returned = ctx.context.returned;
    // A wrong current password comes back as an APIError: nothing changed.
    if (!returned || isAPIError(returned)) return;
    const userId = (returned as { user?: { id?: string } }).user?.id;
    if (!userId) return;
    const session = ctx.context.session?.session;
    await logSecurityEvent(db, {
      eventType: 'password_changed',
      userId,
      severity: 'medium',
      sessionId: session?.id ?? null,
      userAgent: ctx.headers?.get('user-agent') ?? null,
    });
  });
