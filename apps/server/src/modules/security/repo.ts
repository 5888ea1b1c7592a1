import type { DeviceFingerprint } from '@atelier/contracts';
import { and, desc, eq, gt, inArray, isNotNull, isNull, max, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  authAccounts,
  authSessions,
  securityEvents,
  securitySettings,
  sessionActivity,
} from '../../platform/db/schema/index.ts';

/**
 * SQL of the security area: settings, sessions, their activity and the security events; every
 * query names its user or session. The rate limiter's table has its own file (`rate-limiter.ts`).
 */

const settingsColumns = {
  inactivityTimeoutMinutes: securitySettings.inactivityTimeoutMinutes,
  enableDeviceFingerprinting: securitySettings.enableDeviceFingerprinting,
  enableSuspiciousActivityDetection: securitySettings.enableSuspiciousActivityDetection,
  securityMonitoring: securitySettings.securityMonitoring,
};

export type StoredSecuritySettings = {
  inactivityTimeoutMinutes: number;
  enableDeviceFingerprinting: boolean;
  enableSuspiciousActivityDetection: boolean;
  securityMonitoring: boolean;
};

export async function findSecuritySettings(db: DbOrTx, userId: string): Promise<StoredSecuritySettings | undefined> {
  const [row] = await db.select(settingsColumns).from(securitySettings).where(eq(securitySettings.userId, userId));
  return row;
}

/** Writes `changes` over the stored settings, or over `defaults` when the user has none yet. */
export async function upsertSecuritySettings(
  db: DbOrTx,
  userId: string,
  defaults: StoredSecuritySettings,
  changes: Partial<StoredSecuritySettings>,
): Promise<StoredSecuritySettings> {
  const [row] = await db
    .insert(securitySettings)
    .values({ ...defaults, ...changes, userId })
    .onConflictDoUpdate({ target: securitySettings.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning(settingsColumns);
  return row!;
}

/** Whether the user has an account of `providerId` with a password set. */
export async function findPasswordAccountOf(db: DbOrTx, userId: string, providerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(
      and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, providerId), isNotNull(authAccounts.password)),
    )
    .limit(1);
  return row !== undefined;
}

/** True when the session was there (and is now gone). */
export async function deleteSessionOf(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
    .returning({ id: authSessions.id });
  return deleted.length > 0;
}

export async function listOtherSessionIdsOf(db: DbOrTx, userId: string, keepId: string): Promise<string[]> {
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepId)));
  return rows.map((row) => row.id);
}

/** The user's sessions, newest first. */
export async function listSessionIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(desc(authSessions.createdAt), desc(authSessions.id));
  return rows.map((row) => row.id);
}

/** The user's sessions that have not expired, newest first, with their last activity. */
export function listLiveSessionsOf(db: DbOrTx, userId: string) {
  return db
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
}

/**
 * A session's last activity, its creation, its timeout setting and its client address, read
 * with the database's clock (`now`), like the rate limiter's, so API processes agree.
 */
export async function findSessionActivity(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      createdAt: authSessions.createdAt,
      lastActiveAt: sessionActivity.lastActiveAt,
      timeoutMinutes: securitySettings.inactivityTimeoutMinutes,
      mismatches: sessionActivity.fingerprintMismatches,
      detect: securitySettings.enableSuspiciousActivityDetection,
      ipAddress: authSessions.ipAddress,
      now: sql<string>`now()`,
    })
    .from(authSessions)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, authSessions.id))
    .leftJoin(securitySettings, eq(securitySettings.userId, authSessions.userId))
    .where(eq(authSessions.id, sessionId));
  return row;
}

/** Records activity of the session now. */
export async function upsertSessionActivity(db: DbOrTx, userId: string, sessionId: string): Promise<void> {
  await db
    .insert(sessionActivity)
    .values({ sessionId, userId, lastActiveAt: sql`now()` })
    .onConflictDoUpdate({ target: sessionActivity.sessionId, set: { lastActiveAt: sql`now()` } });
}

/**
 * Keeps the session's first reported fingerprint and returns it. A new row starts its activity
 * at the session's creation: a report is not activity.
 */
export async function upsertFirstFingerprint(
  db: DbOrTx,
  userId: string,
  sessionId: string,
  reported: DeviceFingerprint,
): Promise<DeviceFingerprint | null | undefined> {
  const createdAt = sql`(SELECT ${authSessions.createdAt} FROM ${authSessions} WHERE ${authSessions.id} = ${sessionId})`;
  const [stored] = await db
    .insert(sessionActivity)
    .values({ sessionId, userId, fingerprint: reported, lastActiveAt: createdAt })
    .onConflictDoUpdate({
      target: sessionActivity.sessionId,
      set: { fingerprint: sql`coalesce(${sessionActivity.fingerprint}, excluded.fingerprint)` },
    })
    .returning({ fingerprint: sessionActivity.fingerprint });
  return stored?.fingerprint;
}

/** Counts one fingerprint mismatch of the session; the new count. */
export async function updateFingerprintMismatches(db: DbOrTx, sessionId: string): Promise<number | undefined> {
  const [counted] = await db
    .update(sessionActivity)
    .set({ fingerprintMismatches: sql`${sessionActivity.fingerprintMismatches} + 1` })
    .where(eq(sessionActivity.sessionId, sessionId))
    .returning({ mismatches: sessionActivity.fingerprintMismatches });
  return counted?.mismatches;
}

/**
 * Sets the session's client address to `to` if it still is `from`; false when another request
 * of the session changed it first.
 */
export async function updateSessionAddress(
  db: DbOrTx,
  sessionId: string,
  from: string | null,
  to: string | null,
): Promise<boolean> {
  const stillFrom = from === null ? isNull(authSessions.ipAddress) : eq(authSessions.ipAddress, from);
  const changed = await db
    .update(authSessions)
    .set({ ipAddress: to })
    .where(and(eq(authSessions.id, sessionId), stillFrom))
    .returning({ id: authSessions.id });
  return changed.length > 0;
}

export async function insertSecurityEvent(db: DbOrTx, values: typeof securityEvents.$inferInsert): Promise<void> {
  await db.insert(securityEvents).values(values);
}

export function listSecurityEventsOf(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt))
    .limit(limit);
}

const countOf = (types: readonly string[]) =>
  sql<number>`count(*) filter (where ${inArray(securityEvents.eventType, [...types])})`.mapWith(Number);

/** The user's events of the last `days` days: how many of each group, and when the last was. */
export async function countSecurityEventsOf(
  db: DbOrTx,
  userId: string,
  days: number,
  groups: {
    failedLogins: readonly string[];
    suspiciousActivities: readonly string[];
    rateLimitViolations: readonly string[];
  },
) {
  const [row] = await db
    .select({
      failedLogins: countOf(groups.failedLogins),
      suspiciousActivities: countOf(groups.suspiciousActivities),
      rateLimitViolations: countOf(groups.rateLimitViolations),
      lastSecurityEvent: max(securityEvents.createdAt),
    })
    .from(securityEvents)
    .where(
      and(eq(securityEvents.userId, userId), gt(securityEvents.createdAt, sql`now() - make_interval(days => ${days})`)),
    );
  return row;
}
