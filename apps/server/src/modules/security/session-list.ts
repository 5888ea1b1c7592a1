import type { SessionInfo } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import * as repo from './repo.ts';

/** The user's live sessions, newest first, the caller's own marked `current`. */
export async function listSessions(db: DbOrTx, userId: string, currentSessionId: string): Promise<SessionInfo[]> {
  const rows = await repo.listLiveSessionsOf(db, userId);
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    createdAt: row.createdAt.toISOString(),
    lastActivity: (row.lastActiveAt ?? row.createdAt).toISOString(),
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
  }));
}
