import {
  FAILED_LOGIN_EVENT_TYPES,
  RATE_LIMIT_EVENT_TYPES,
  SECURITY_METRICS_WINDOW_DAYS,
  type SecurityEventDto,
  type SecurityMetrics,
  SUSPICIOUS_EVENT_TYPES,
  securityScore,
} from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import * as repo from './repo.ts';

/** The user's own security events, newest first: never anyone else's. */
export async function listSecurityEvents(db: DbOrTx, userId: string, limit: number): Promise<SecurityEventDto[]> {
  const rows = await repo.listSecurityEventsOf(db, userId, limit);
  return rows.map((row) => ({
    id: row.id,
    eventType: row.eventType,
    severity: row.severity,
    details: row.details,
    userAgent: row.userAgent,
    sessionId: row.sessionId,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The counts behind the dashboard's score, over the recent window, and the latest event. */
export async function securityMetrics(db: DbOrTx, userId: string): Promise<SecurityMetrics> {
  const row = await repo.countSecurityEventsOf(db, userId, SECURITY_METRICS_WINDOW_DAYS, {
    failedLogins: FAILED_LOGIN_EVENT_TYPES,
    suspiciousActivities: SUSPICIOUS_EVENT_TYPES,
    rateLimitViolations: RATE_LIMIT_EVENT_TYPES,
  });
  const counts = {
    failedLogins: row?.failedLogins ?? 0,
    suspiciousActivities: row?.suspiciousActivities ?? 0,
    rateLimitViolations: row?.rateLimitViolations ?? 0,
  };
  const last = row?.lastSecurityEvent;
  return { ...counts, lastSecurityEvent: last ? new Date(last).toISOString() : null, score: securityScore(counts) };
}
