import {
  ADMIN_DETAIL_LIST_LIMIT,
  ADMIN_LATEST_FAILURES,
  ADMIN_RUNS_SUMMARY_HOURS,
  ADMIN_TEAM_EVENTS_LIMIT,
  ADMIN_USER_SEARCH_LIMIT,
  type ToolId,
} from '@atelier/contracts';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  adminAuditLog,
  artworks,
  authSessions,
  creditLedger,
  type Profile,
  profiles,
  runs,
  securityEvents,
  teamMembers,
  teams,
} from '../../platform/db/schema/index.ts';
import type { FeedCursor } from '../artworks/repo.ts';
import { TEAM_EVENT_TYPES } from '../teams/team-events.ts';

/** SQL of the admin console: reads across users, which only admins reach (routes.ts). */

/** `%text%` for LIKE, with LIKE's own wildcards in the text taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function searchProfiles(db: DbOrTx, q: string | undefined): Promise<Profile[]> {
  const where: SQL | undefined = q
    ? or(eq(profiles.userId, q), ilike(profiles.email, containing(q)), ilike(profiles.username, containing(q)))
    : undefined;
  return db
    .select()
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.createdAt), desc(profiles.userId))
    .limit(ADMIN_USER_SEARCH_LIMIT);
}

export async function findProfileById(db: DbOrTx, userId: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** The profile row locked for the rest of the transaction: admin actions on one user queue up. */
export async function lockProfile(tx: DbOrTx, userId: string): Promise<Profile | undefined> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
  return row;
}

export function setDisabledAt(tx: DbOrTx, userId: string, disabledAt: Date | null) {
  return tx.update(profiles).set({ disabledAt, updatedAt: new Date() }).where(eq(profiles.userId, userId));
}

/** Takes the user's public artworks out of the gallery, marked so that enabling restores exactly them. */
export async function hidePublicArtworks(tx: DbOrTx, userId: string): Promise<number> {
  const hidden = await tx
    .update(artworks)
    .set({ isPublic: false, hiddenWhileDisabled: true })
    .where(and(eq(artworks.userId, userId), sql`${artworks.isPublic}`))
    .returning({ id: artworks.id });
  return hidden.length;
}

export async function restoreHiddenArtworks(tx: DbOrTx, userId: string): Promise<number> {
  const restored = await tx
    .update(artworks)
    .set({ isPublic: true, hiddenWhileDisabled: false })
    .where(and(eq(artworks.userId, userId), sql`${artworks.hiddenWhileDisabled}`))
    .returning({ id: artworks.id });
  return restored.length;
}

export function listSessionIds(db: DbOrTx, userId: string) {
  return db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId));
}

export function listLedger(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(ADMIN_DETAIL_LIST_LIMIT);
}

export function listRunsOf(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(runs)
    .where(eq(runs.userId, userId))
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(ADMIN_DETAIL_LIST_LIMIT);
}

export function listArtworksOf(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(artworks)
    .where(eq(artworks.userId, userId))
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(ADMIN_DETAIL_LIST_LIMIT);
}

export async function lockRun(tx: DbOrTx, runId: string) {
  const [row] = await tx.select().from(runs).where(eq(runs.id, runId)).for('update');
  return row;
}

export async function markRunRefunded(tx: DbOrTx, runId: string) {
  const [row] = await tx
    .update(runs)
    .set({ refunded: true, updatedAt: sql`now()` })
    .where(and(eq(runs.id, runId), eq(runs.refunded, false)))
    .returning();
  return row;
}

const since = sql`now() - ${ADMIN_RUNS_SUMMARY_HOURS}::int * interval '1 hour'`;
/** Milliseconds from creation to end, server-side runs only (a browser run has no server time). */
const durationMs = sql`CASE WHEN NOT ${runs.clientSide} THEN extract(epoch FROM ${runs.finishedAt} - ${runs.createdAt}) * 1000 END`;

export interface RunGroupRow {
  tool: ToolId;
  engine: string;
  count: number;
  succeeded: number;
  failed: number;
  p50: number | null;
  p95: number | null;
}

/** Runs of the last ADMIN_RUNS_SUMMARY_HOURS by tool and engine (through runs_created_idx). */
export function summarizeRecentRuns(db: DbOrTx): Promise<RunGroupRow[]> {
  return db
    .select({
      tool: runs.tool,
      engine: runs.engine,
      count: sql<number>`count(*)::int`,
      succeeded: sql<number>`(count(*) FILTER (WHERE ${runs.status} = 'succeeded'))::int`,
      failed: sql<number>`(count(*) FILTER (WHERE ${runs.status} = 'failed'))::int`,
      p50: sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${durationMs})`,
      p95: sql<number | null>`percentile_cont(0.95) WITHIN GROUP (ORDER BY ${durationMs})`,
    })
    .from(runs)
    .where(sql`${runs.createdAt} > ${since}`)
    .groupBy(runs.tool, runs.engine)
    .orderBy(desc(sql`count(*)`), runs.tool, runs.engine);
}

export function latestFailures(db: DbOrTx) {
  return db
    .select({ run: runs, email: profiles.email })
    .from(runs)
    .leftJoin(profiles, eq(profiles.userId, runs.userId))
    .where(and(eq(runs.status, 'failed'), sql`${runs.createdAt} > ${since}`))
    .orderBy(sql`${runs.finishedAt} DESC NULLS LAST`, desc(runs.id))
    .limit(ADMIN_LATEST_FAILURES);
}

/** The audit log newest first, from a keyset cursor, optionally about one user. */
export function listAudit(db: DbOrTx, limit: number, cursor: FeedCursor | null, userId?: string) {
  const older = cursor
    ? sql`(${adminAuditLog.createdAt}, ${adminAuditLog.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select({
      row: adminAuditLog,
      createdAtText: sql<string>`to_char(${adminAuditLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(adminAuditLog)
    .where(and(userId ? eq(adminAuditLog.targetUserId, userId) : undefined, older))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}

/** The teams a user belongs to, with their role, by name. */
export function listTeamsOf(db: DbOrTx, userId: string) {
  return db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(teams.name, teams.id);
}

export async function findTeam(db: DbOrTx, teamId: string) {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

/**
 * The security events that name a team, newest first, with the account each was recorded for.
 * Only the team's event types are read (their index), then the team's id in the details.
 */
export function listTeamEvents(db: DbOrTx, teamId: string) {
  return db
    .select({ event: securityEvents, email: profiles.email })
    .from(securityEvents)
    .leftJoin(profiles, eq(profiles.userId, securityEvents.userId))
    .where(
      and(
        inArray(securityEvents.eventType, [...TEAM_EVENT_TYPES]),
        sql`${securityEvents.details}->>'teamId' = ${teamId}`,
      ),
    )
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(ADMIN_TEAM_EVENTS_LIMIT);
}
