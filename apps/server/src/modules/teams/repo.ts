import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  artworks,
  authUsers,
  batches,
  creditLedger,
  profiles,
  runs,
  type TeamInvitationRow,
  teamInvitations,
  teamMembers,
  teams,
} from '../../platform/db/schema/index.ts';
import { TEAM_SPENDING_REASONS } from './team-access.ts';

/** SQL of the teams module. Callers check membership first (team-access.ts). */

/** Pending: not used, not revoked, not expired. */
const pending = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

/** The caller's teams with their role, oldest first. */
export function teamsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(teams.createdAt, teams.id);
}

export async function countOwnedTeams(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(teams).where(eq(teams.ownerId, userId));
  return row?.count ?? 0;
}

/** Seats taken in each team: members plus pending invitations. */
export async function seatsUsed(db: DbOrTx, teamIds: string[], now = new Date()): Promise<Map<string, number>> {
  const used = new Map<string, number>(teamIds.map((id) => [id, 0]));
  if (teamIds.length === 0) return used;
  const members = await db
    .select({ teamId: teamMembers.teamId, count: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, teamIds))
    .groupBy(teamMembers.teamId);
  const invites = await db
    .select({ teamId: teamInvitations.teamId, count: sql<number>`count(*)::int` })
    .from(teamInvitations)
    .where(and(inArray(teamInvitations.teamId, teamIds), pending(now)))
    .groupBy(teamInvitations.teamId);
  for (const row of [...members, ...invites]) used.set(row.teamId, (used.get(row.teamId) ?? 0) + row.count);
  return used;
}

export function membersOf(db: DbOrTx, teamId: string) {
  return db
    .select({
      id: teamMembers.userId,
      email: profiles.email,
      username: profiles.username,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      monthlyCap: teamMembers.monthlyCap,
    })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.userId, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(teamMembers.joinedAt);
}

export async function findMember(db: DbOrTx, teamId: string, userId: string) {
  const [row] = await db
    .select({ role: teamMembers.role, email: profiles.email })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.userId, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row;
}

export function pendingInvitations(db: DbOrTx, teamId: string, now = new Date()) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), pending(now)))
    .orderBy(desc(teamInvitations.createdAt));
}

/** Ends the pending invitations of one address (a new one replaces them, holding the same seat). */
export async function revokePendingFor(db: DbOrTx, teamId: string, email: string, now = new Date()) {
  await db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email), pending(now)));
}

export async function revokeInvitation(db: DbOrTx, teamId: string, id: string, now = new Date()) {
  const [row] = await db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId), pending(now)))
    .returning();
  return row;
}

export async function lockInvitationByToken(db: DbOrTx, tokenHash: string): Promise<TeamInvitationRow | undefined> {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).for('update');
  return row;
}

/** The pending invitations an account claimed before its address was verified. */
export function claimedInvitations(db: DbOrTx, userId: string, now = new Date()) {
  return db
    .select({ teamId: teamInvitations.teamId, tokenHash: teamInvitations.tokenHash })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.claimedBy, userId), pending(now)));
}

/** Whether an account with this (lower-cased) address is already a member. */
export async function memberWithEmail(db: DbOrTx, teamId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(authUsers, eq(authUsers.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(authUsers.email, email)));
  return rows.length > 0;
}

export async function accountEmail(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: authUsers.email, verified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  return row;
}

/** The language of an account's interface, for the mail it sends. */
export async function languageOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ language: profiles.language }).from(profiles).where(eq(profiles.userId, userId));
  return row?.language;
}

/**
 * Credits each member took from the team's pool (runs less their refunds) from `since`, by
 * calendar month in UTC (`YYYY-MM`).
 */
export function spendingByMonth(db: DbOrTx, teamId: string, since: Date) {
  const month = sql<string>`to_char(${creditLedger.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  return db
    .select({ userId: creditLedger.userId, month, spent: sql<number>`(-sum(${creditLedger.amount}))::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.teamId, teamId),
        inArray(creditLedger.reason, TEAM_SPENDING_REASONS),
        sql`${creditLedger.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(creditLedger.userId, month);
}

export function profilesOf(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: profiles.userId, email: profiles.email, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.userId, userIds));
}

/** Whether a run charged to the team is still queued or running (its refund would go to the pool). */
export async function hasActiveRuns(db: DbOrTx, teamId: string): Promise<boolean> {
  const rows = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(eq(runs.teamId, teamId), inArray(runs.status, ['queued', 'running'])))
    .limit(1);
  return rows.length > 0;
}

/** Gives the team's runs, batches and artworks back to the people who made them (personal again). */
export async function returnTeamWork(db: DbOrTx, teamId: string): Promise<void> {
  await db.update(runs).set({ teamId: null }).where(eq(runs.teamId, teamId));
  await db.update(batches).set({ teamId: null }).where(eq(batches.teamId, teamId));
  await db.update(artworks).set({ teamId: null }).where(eq(artworks.teamId, teamId));
}
