import { MAX_CONCURRENT_SESSIONS } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import * as repo from './repo.ts';
import { logSecurityEvent } from './security-events.ts';

export type RevocationReason =
  | 'inactivity_timeout'
  | 'session_limit'
  | 'device_mismatch'
  | 'revoked_by_user'
  | 'revoked_by_admin'
  | 'account_disabled'
  | 'password_changed';

/**
 * Ends one session of a user by deleting Better Auth's row (its activity row goes with it):
 * the next request with its cookie finds no session. Logs why. Returns false when the user
 * has no such session.
 */
export async function revokeSession(
  db: DbOrTx,
  session: { id: string; userId: string },
  reason: RevocationReason,
  by?: { sessionId: string; userAgent?: string | null },
): Promise<boolean> {
  if (!(await repo.deleteSessionOf(db, session.userId, session.id))) return false;
  await logSecurityEvent(db, {
    eventType: 'session_revoked',
    userId: session.userId,
    severity: reason === 'revoked_by_user' || reason === 'inactivity_timeout' ? 'low' : 'medium',
    details: { reason, revokedSession: session.id },
    sessionId: by?.sessionId ?? session.id,
    userAgent: by?.userAgent ?? null,
  });
  return true;
}

/**
 * Ends every session of a user except the one given, each logged with why: a changed password
 * shuts out whoever signed in elsewhere with the old one, as a reset does.
 */
export async function revokeOtherSessions(
  db: DbOrTx,
  keep: { id: string; userId: string },
  reason: RevocationReason,
  by?: { sessionId: string; userAgent?: string | null },
): Promise<number> {
  let ended = 0;
  for (const id of await repo.listOtherSessionIdsOf(db, keep.userId, keep.id)) {
    if (await revokeSession(db, { id, userId: keep.userId }, reason, by)) ended += 1;
  }
  return ended;
}

/**
 * Keeps at most MAX_CONCURRENT_SESSIONS sessions (three) per user: called after a
 * sign-in has created its session, it ends the oldest ones beyond the limit.
 */
export async function enforceSessionLimit(db: DbOrTx, userId: string): Promise<void> {
  const sessions = await repo.listSessionIdsOf(db, userId);
  for (const id of sessions.slice(MAX_CONCURRENT_SESSIONS)) {
    await revokeSession(db, { id, userId }, 'session_limit');
  }
}
