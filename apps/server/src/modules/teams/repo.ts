import type { TeamMemberRole, TeamRole } from '@atelier/contracts';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  artworks,
  authUsers,
  batches,
  type CreditReason,
  creditLedger,
  profiles,
  runs,
  type TeamInvitationRow,
  type TeamRow,
  teamInvitations,
  teamMembers,
  teams,
} from '../../platform/db/schema/index.ts';

/** SQL of the teams module. Callers check membership first (team-access.ts). */

/** The ledger reasons that are a member's spending from the pool (a refund gives some back). */
export const TEAM_SPENDING_REASONS: CreditReason[] = ['run', 'demo', 'refund'];

/** Pending: not used, not revoked, not expired. */
const pending = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

const memberRow = (teamId: string, userId: string) =>
  and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId));

/** SQL: `userId` is a member of the team in `teamIdColumn` now. */
export const isMemberOf = (teamIdColumn: unknown, userId: string) =>
  sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teamIdColumn} and ${teamMembers.userId} = ${userId})`;

/** The team and the caller's role in it, if the caller is a member now; `lock` locks the team row. */
export async function findMembership(
  db: DbOrTx,
  teamId: string,
  userId: string,
  lock = false,
): Promise<{ team: TeamRow; role: TeamRole } | undefined> {
  const query = db
    .select({ team: teams, role: teamMembers.role })
    .from(teams)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teams.id, teamId));
  const [found] = lock ? await query.for('update', { of: teams }) : await query;
  return found;
}

/** The caller's teams with their role, oldest first. */
export function listTeamsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(teams.createdAt, teams.id);
}

export async function lockTeam(db: DbOrTx, teamId: string): Promise<TeamRow | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return team;
}

/**
 * The owner's team that their plan renewals credit, locked for the renewal's transaction; none
 * when no team is set to receive them.
 */
export async function lockRenewalTeam(db: DbOrTx, ownerId: string): Promise<TeamRow | undefined> {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.ownerId, ownerId), eq(teams.receivesRenewal, true)))
    .for('update');
  return team;
}

export async function countOwnedTeams(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(teams).where(eq(teams.ownerId, userId));
  return row?.count ?? 0;
}

export async function insertTeam(db: DbOrTx, values: { id: string; name: string; ownerId: string }): Promise<TeamRow> {
  const [team] = await db.insert(teams).values(values).returning();
  return team!;
}

/** Sets whether the team receives its owner's renewals. */
export async function updateTeamRenewal(db: DbOrTx, teamId: string, receivesRenewal: boolean): Promise<void> {
  await db.update(teams).set({ receivesRenewal, updatedAt: new Date() }).where(eq(teams.id, teamId));
}

/** Turns renewals off on every team of the owner that receives them. */
export async function updateRenewalOffForOwner(db: DbOrTx, ownerId: string): Promise<void> {
  await db
    .update(teams)
    .set({ receivesRenewal: false })
    .where(and(eq(teams.ownerId, ownerId), eq(teams.receivesRenewal, true)));
}

/** Memberships and invitations go with the row (ON DELETE CASCADE). */
export async function deleteTeam(db: DbOrTx, teamId: string): Promise<void> {
  await db.delete(teams).where(eq(teams.id, teamId));
}

/** Seats taken in each team: members plus pending invitations. */
export async function countSeatsUsed(db: DbOrTx, teamIds: string[], now = new Date()): Promise<Map<string, number>> {
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

export function listMembers(db: DbOrTx, teamId: string) {
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
    .where(memberRow(teamId, userId));
  return row;
}

/** The member's monthly cap on the pool; null when uncapped or not a member. */
export async function findMemberCap(db: DbOrTx, teamId: string, userId: string): Promise<number | null> {
  const [member] = await db.select({ cap: teamMembers.monthlyCap }).from(teamMembers).where(memberRow(teamId, userId));
  return member?.cap ?? null;
}

export async function insertMember(db: DbOrTx, values: { teamId: string; userId: string; role: TeamRole }) {
  await db.insert(teamMembers).values(values);
}

/** Adds a member; an account already in the team stays as it is (undefined is returned). */
export async function insertMemberIfAbsent(
  db: DbOrTx,
  values: { teamId: string; userId: string; role: TeamRole; joinedAt?: Date },
) {
  const [row] = await db.insert(teamMembers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMemberRole(db: DbOrTx, teamId: string, userId: string, role: TeamMemberRole) {
  await db.update(teamMembers).set({ role }).where(memberRow(teamId, userId));
}

export async function updateMemberCap(db: DbOrTx, teamId: string, userId: string, monthlyCap: number | null) {
  await db.update(teamMembers).set({ monthlyCap }).where(memberRow(teamId, userId));
}

export async function deleteMember(db: DbOrTx, teamId: string, userId: string): Promise<void> {
  await db.delete(teamMembers).where(memberRow(teamId, userId));
}

/** Whether an account with this (lower-cased) address is already a member. */
export async function hasMemberWithEmail(db: DbOrTx, teamId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(authUsers, eq(authUsers.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(authUsers.email, email)));
  return rows.length > 0;
}

export function listPendingInvitations(db: DbOrTx, teamId: string, now = new Date()) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), pending(now)))
    .orderBy(desc(teamInvitations.createdAt));
}

export async function insertInvitation(db: DbOrTx, values: typeof teamInvitations.$inferInsert) {
  const [row] = await db.insert(teamInvitations).values(values).returning();
  return row!;
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

export async function updateInvitationAccepted(db: DbOrTx, id: string, userId: string, at: Date): Promise<void> {
  await db.update(teamInvitations).set({ acceptedAt: at, acceptedBy: userId }).where(eq(teamInvitations.id, id));
}

export async function updateInvitationClaimed(db: DbOrTx, id: string, userId: string): Promise<void> {
  await db.update(teamInvitations).set({ claimedBy: userId }).where(eq(teamInvitations.id, id));
}

export async function lockInvitationByToken(db: DbOrTx, tokenHash: string): Promise<TeamInvitationRow | undefined> {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).for('update');
  return row;
}

/** The pending invitations an account claimed before its address was verified. */
export function listClaimedInvitations(db: DbOrTx, userId: string, now = new Date()) {
  return db
    .select({ teamId: teamInvitations.teamId, tokenHash: teamInvitations.tokenHash })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.claimedBy, userId), pending(now)));
}

export async function findAccountEmail(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: authUsers.email, verified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  return row;
}

/** The language of an account's interface, for the mail it sends. */
export async function findLanguage(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ language: profiles.language }).from(profiles).where(eq(profiles.userId, userId));
  return row?.language;
}

export function listProfiles(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: profiles.userId, email: profiles.email, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.userId, userIds));
}

/** The ledger rows that are spending from the team's pool from `since`. */
const poolSpendingSince = (teamId: string, since: Date) =>
  and(
    eq(creditLedger.teamId, teamId),
    inArray(creditLedger.reason, TEAM_SPENDING_REASONS),
    sql`${creditLedger.createdAt} >= ${since.toISOString()}::timestamptz`,
  );

/**
 * Credits each member took from the team's pool (runs less their refunds) from `since`, by
 * calendar month in UTC (`YYYY-MM`).
 */
export function listSpendingByMonth(db: DbOrTx, teamId: string, since: Date) {
  const month = sql<string>`to_char(${creditLedger.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  return db
    .select({ userId: creditLedger.userId, month, spent: sql<number>`(-sum(${creditLedger.amount}))::int` })
    .from(creditLedger)
    .where(poolSpendingSince(teamId, since))
    .groupBy(creditLedger.userId, month);
}

/** Credits one member's team runs took from the pool from `since`, net of refunds. */
export async function countSpentSince(db: DbOrTx, teamId: string, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ spent: sql<number>`coalesce(-sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(and(poolSpendingSince(teamId, since), eq(creditLedger.userId, userId)));
  return row?.spent ?? 0;
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
export async function updateTeamWorkPersonal(db: DbOrTx, teamId: string): Promise<void> {
  await db.update(runs).set({ teamId: null }).where(eq(runs.teamId, teamId));
  await db.update(batches).set({ teamId: null }).where(eq(batches.teamId, teamId));
  await db.update(artworks).set({ teamId: null }).where(eq(artworks.teamId, teamId));
}

/** The teams a user owns, locked. */
export function lockOwnedTeams(db: DbOrTx, ownerId: string): Promise<TeamRow[]> {
  return db.select().from(teams).where(eq(teams.ownerId, ownerId)).for('update');
}

/** Revokes the pending invitations a user sent; how many. */
export async function revokePendingSentBy(db: DbOrTx, userId: string, now = new Date()): Promise<number> {
  const revoked = await db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(and(eq(teamInvitations.invitedBy, userId), pending(now)))
    .returning({ id: teamInvitations.id });
  return revoked.length;
}

/** Removes the members (never an owner) who joined through an invitation the user sent; how many. */
export async function deleteMembersInvitedBy(db: DbOrTx, userId: string): Promise<number> {
  const removed = await db
    .delete(teamMembers)
    .where(
      and(
        sql`${teamMembers.role} <> 'owner'`,
        sql`exists (select 1 from ${teamInvitations} where ${teamInvitations.invitedBy} = ${userId}
          and ${teamInvitations.teamId} = ${teamMembers.teamId} and ${teamInvitations.acceptedBy} = ${teamMembers.userId})`,
      ),
    )
    .returning({ userId: teamMembers.userId });
  return removed.length;
}

/** Drops the user's claims on invitations (a claim joins the team once the address is verified). */
export async function updateClaimsDropped(db: DbOrTx, userId: string): Promise<void> {
  await db.update(teamInvitations).set({ claimedBy: null }).where(eq(teamInvitations.claimedBy, userId));
}
