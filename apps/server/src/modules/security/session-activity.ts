import {
  INACTIVITY_TIMEOUT_DEFAULT_MINUTES,
  SESSION_ACTIVITY_WRITE_INTERVAL_SECONDS,
  type SessionState,
} from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { SessionUser } from '../../platform/http/app-env.ts';
import { AppError } from '../../platform/http/app-error.ts';
import * as repo from './repo.ts';
import { revokeSession } from './session-revocation.ts';
import type { RequestClient } from './suspicious-patterns.ts';
import * as suspiciousPatterns from './suspicious-patterns.ts';

export const sessionExpired = () => new AppError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');

interface ActivityRow {
  lastActiveAt: Date;
  timeoutMinutes: number;
  mismatches: number;
  now: Date;
  /** The user's enableSuspiciousActivityDetection (on by default). */
  detect: boolean;
  ipAddress: string | null;
}

// The inactivity timeout (30 min, or 5–480 as set), enforced by the server: every authenticated request
// checks how long its session has been idle and ends a session idle past the user's timeout.
// Requests the person made count as activity; the page's background checks do not, or a
// forgotten open tab would keep its session alive for ever.

/**
 * Throws SESSION_EXPIRED (and revokes the session) when idle too long; else may record
 * activity and checks the request for suspicious patterns.
 */
export async function assertSessionActive(
  db: DbOrTx,
  user: SessionUser,
  { touch, client }: { touch: boolean; client: RequestClient },
): Promise<void> {
  const row = await read(db, user.sessionId);
  // Better Auth has just found the session; it can only be missing if revoked meanwhile.
  if (!row) throw sessionExpired();
  if (idleSeconds(row) > row.timeoutMinutes * 60) {
    await revokeSession(db, { id: user.sessionId, userId: user.id }, 'inactivity_timeout');
    throw sessionExpired();
  }
  // Written at most once a minute: a busy page would otherwise write on every request.
  if (touch && idleSeconds(row) >= SESSION_ACTIVITY_WRITE_INTERVAL_SECONDS) await touchSession(db, user);
  if (row.detect) await suspiciousPatterns.onRequest(db, user, row, client);
}

/** Records activity now (a request, or the Extend Session button). */
export async function touchSession(db: DbOrTx, user: SessionUser): Promise<void> {
  await repo.upsertSessionActivity(db, user.id, user.sessionId);
}

/** The session as the page's monitor sees it: when it ends unless there is activity. */
export async function sessionState(db: DbOrTx, user: SessionUser): Promise<SessionState> {
  const row = await read(db, user.sessionId);
  if (!row) throw sessionExpired();
  const timeoutSeconds = row.timeoutMinutes * 60;
  return {
    isValid: true,
    sessionId: user.sessionId,
    lastActivity: row.lastActiveAt.toISOString(),
    expiresAt: new Date(row.lastActiveAt.getTime() + timeoutSeconds * 1000).toISOString(),
    remainingSeconds: Math.max(0, Math.floor(timeoutSeconds - idleSeconds(row))),
    inactivityTimeoutMinutes: row.timeoutMinutes,
    suspiciousActivityCount: row.mismatches,
  };
}

/** One query: the session's last activity (its creation if none recorded yet) and timeout. */
async function read(db: DbOrTx, sessionId: string): Promise<ActivityRow | undefined> {
  const row = await repo.findSessionActivity(db, sessionId);
  if (!row) return undefined;
  return {
    lastActiveAt: new Date(row.lastActiveAt ?? row.createdAt),
    timeoutMinutes: row.timeoutMinutes ?? INACTIVITY_TIMEOUT_DEFAULT_MINUTES,
    mismatches: row.mismatches ?? 0,
    now: new Date(row.now),
    detect: row.detect ?? true,
    ipAddress: row.ipAddress,
  };
}

const idleSeconds = (row: ActivityRow) => (row.now.getTime() - row.lastActiveAt.getTime()) / 1000;
