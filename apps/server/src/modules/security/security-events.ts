import type { DbOrTx } from '../../platform/db/database.ts';
import type { SecuritySeverity } from '../../platform/db/schema/index.ts';
import * as repo from './repo.ts';

export interface SecurityEventInput {
  eventType: string;
  userId?: string | null;
  severity?: SecuritySeverity;
  /** Facts about the event. Never put passwords or tokens here. */
  details?: Record<string, unknown>;
  userAgent?: string | null;
  sessionId?: string | null;
  ip?: string | null;
}

/** Records one security event (type, details, severity, client) for a user. */
export async function logSecurityEvent(db: DbOrTx, event: SecurityEventInput): Promise<void> {
  await repo.insertSecurityEvent(db, {
    eventType: event.eventType,
    userId: event.userId ?? null,
    severity: event.severity ?? 'medium',
    details: event.details ?? {},
    userAgent: event.userAgent ?? null,
    sessionId: event.sessionId ?? null,
    ip: event.ip ?? null,
  });
}
