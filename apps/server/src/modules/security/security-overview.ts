import {
  FAILED_LOGIN_EVENT_TYPES,
  RATE_LIMIT_EVENT_TYPES,
  SECURITY_METRICS_WINDOW_DAYS,
  type SecurityEventDto,
  type SecurityMetrics,
  SUSPICIOUS_EVENT_TYPES,
  securityScore,
} from '@atelier/contracts';
import { and, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { securityEvents } from '../../platform/db/schema/index.ts';

/** The user's own security events, newest first: never anyone else's. */
export async function listSecurityEvents(db: DbOrTx, userId: string, limit: number): Promise<SecurityEventDto[]> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt))
    .limit(limit);
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

const countOf = (types: readonly string[]) =>
  sql<number>`count(*) filter (where ${inArray(securityEvents.eventType, [...types])})`.mapWith(Number);

/** The counts behind the dashboard's score, over the recent window, and the latest event. */
export async function securityMetrics(db: DbOrTx, userId: string): Promise<SecurityMetrics> {
  const [row] = await db
    .select({
      failedLogins: countOf(FAILED_LOGIN_EVENT_TYPES),
      suspiciousActivities: countOf(SUSPICIOUS_EVENT_TYPES),
      rateLimitViolations: countOf(RATE_LIMIT_EVENT_TYPES),
      lastSecurityEvent: max(securityEvents.createdAt),
    })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        gt(securityEvents.createdAt, sql`now() - make_interval(days => ${SECURITY_METRICS_WINDOW_DAYS})`),
      ),
    );
  const counts = {
    failedLogins: row?.failedLogins ?? 0,
    suspiciousActivities: row?.suspiciousActivities ?? 0,
    rateLimitViolations: row?.rateLimitViolations ?? 0,
  };
  const last = row?.lastSecurityEvent;
  return { ...counts, lastSecurityEvent: last ? new Date(last).toISOString() : null, score: securityScore(counts) };
}
