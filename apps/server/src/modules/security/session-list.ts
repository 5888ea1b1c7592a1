import type { SessionInfo } from '@atelier/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { authSessions, sessionActivity } from '../../platform/db/schema/index.ts';

/** The user's live sessions, newest first, the caller's own marked `current`. */
export async function listSessions(db: DbOrTx, userId: string, currentSessionId: string): Promise<SessionInfo[]> {
  const rows = await db
    .select({
      id: authSessions.id,
      createdAt: authSessions.createdAt,
      lastActiveAt: sessionActivity.lastActiveAt,
      userAgent: authSessions.userAgent,
      ipAddress: authSessions.ipAddress,
    })
    .from(authSessions)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, authSessions.id))
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, sql`now()`)))
    .orderBy(desc(authSessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    createdAt: row.createdAt.toISOString(),
    lastActivity: (row.lastActiveAt ?? row.createdAt).toISOString(),
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
  }));
}
