import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type ArtworkListResponse,
  type CreateTeamInvitationBody,
  type FundTeamResponse,
  hasFeature,
  type PlanId,
  TEAM_INVITATION_DAYS,
  TEAM_SEATS_MAX,
  TEAMS_OWNED_MAX,
  type Team,
  type TeamDetailResponse,
  type TeamInvitation,
  type TeamMemberRole,
  type TeamRole,
  type TeamUsage,
} from '@atelier/contracts';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import type { TeamInvitationRow, TeamRow } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { listTeamArtworks } from '../artworks/service.ts';
import { assertAddressProven } from '../auth/account-gate.ts';
import { chargeCredits, grantCredits, transferableCredits } from '../credits/service.ts';
import { effectivePlan } from '../entitlements/effective-plan.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import { teamInvitationMail } from './invitation-mail.ts';
import * as repo from './repo.ts';
import { assertManager, assertOwner, assertTeamWritable, membershipOf } from './team-access.ts';
import type { TeamEventType } from './team-events.ts';

/**
 * Studio teams (ADR 0040). Each function checks the caller's membership and role
 * first. Most need only `db`; sending an invitation and accepting claimed ones need the rest.
 */
export interface TeamDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** PUBLIC_URL: the invitation link is absolute on it. */
  publicUrl: string;
}

/** Where the invitation link leads in the web app. */
export const TEAM_JOIN_PATH = '/teams/join';

const DAY_MS = 24 * 60 * 60 * 1000;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The team's security event, recorded on the account of the person it concerns. */
const teamEvent = (tx: DbOrTx, userId: string, eventType: TeamEventType, details: Record<string, unknown>) =>
  logSecurityEvent(tx, { userId, eventType, severity: 'low', details });

function presentInvitation(row: TeamInvitationRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Neither used, revoked nor expired. */
const isPending = (row: TeamInvitationRow, now = new Date()) =>
  !row.acceptedAt && !row.revokedAt && row.expiresAt > now;

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** The owner's plan, which members work with in the team, and whether it still has `teams`. */
async function teamPlan(db: DbOrTx, team: TeamRow): Promise<{ plan: PlanId; readOnly: boolean }> {
  const plan = await effectivePlan(db, team.ownerId);
  return { plan, readOnly: !hasFeature(plan, 'teams') };
}

async function present(db: DbOrTx, team: TeamRow, role: TeamRole, used?: number): Promise<Team> {
  const seats = used ?? (await repo.countSeatsUsed(db, [team.id])).get(team.id) ?? 0;
  return {
    id: team.id,
    name: team.name,
    credits: team.credits,
    role,
    seats: { used: seats, max: TEAM_SEATS_MAX },
    ...(await teamPlan(db, team)),
    receivesRenewal: team.receivesRenewal,
    createdAt: team.createdAt.toISOString(),
  };
}

/** Adds the invitation's account to its team (the invitation is locked and pending). */
async function accept(tx: DbOrTx, invitation: TeamInvitationRow, userId: string): Promise<Team> {
  const team = await repo.lockTeam(tx, invitation.teamId);
  if (!team) throw new AppError('INVITATION_GONE', 'The team no longer exists');
  await assertTeamWritable(tx, team);
  const now = new Date();
  await repo.updateInvitationAccepted(tx, invitation.id, userId, now);
  const inserted = await repo.insertMemberIfAbsent(tx, {
    teamId: team.id,
    userId,
    role: invitation.role,
    joinedAt: now,
  });
  const role = inserted?.role ?? (await membershipOf(tx, team.id, userId)).role;
  await teamEvent(tx, userId, 'team_joined', { teamId: team.id, role, invitedBy: invitation.invitedBy });
  if (invitation.invitedBy) {
    await teamEvent(tx, invitation.invitedBy, 'team_member_joined', { teamId: team.id, memberId: userId });
  }
  return present(tx, team, role);
}

/** The route checked the caller's plan has `teams`; the caller's address must be proven. */
export async function createTeam(db: Database, userId: string, name: string): Promise<Team> {
  return db.transaction(async (tx) => {
    await assertAddressProven(tx, userId, 'Confirm your e-mail address before creating a team');
    if ((await repo.countOwnedTeams(tx, userId)) >= TEAMS_OWNED_MAX) {
      throw new AppError('CONFLICT', `An account can own at most ${TEAMS_OWNED_MAX} teams`);
    }
    const team = await repo.insertTeam(tx, { id: randomUUID(), name, ownerId: userId });
    await repo.insertMember(tx, { teamId: team.id, userId, role: 'owner' });
    await teamEvent(tx, userId, 'team_created', { teamId: team.id });
    return present(tx, team, 'owner', 1);
  });
}

export async function listTeams(db: Database, userId: string): Promise<Team[]> {
  const rows = await repo.listTeamsOfUser(db, userId);
  const seats = await repo.countSeatsUsed(
    db,
    rows.map((r) => r.team.id),
  );
  return Promise.all(rows.map((r) => present(db, r.team, r.role, seats.get(r.team.id))));
}

export async function getTeam(db: Database, userId: string, teamId: string): Promise<TeamDetailResponse> {
  const { team, role } = await membershipOf(db, teamId, userId);
  const members = await repo.listMembers(db, teamId);
  return {
    team: await present(db, team, role),
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
  };
}

/**
 * Invites an address (owner or admin; an admin invites members only). The team row is locked
 * so concurrent invitations count the seats one after the other; an address invited again
 * gets a new link in place of the old one, on the same seat.
 */
export async function invite(
  deps: TeamDeps,
  userId: string,
  teamId: string,
  body: Required<CreateTeamInvitationBody>,
): Promise<TeamInvitation> {
  const { db, mailer, logger, publicUrl } = deps;
  const email = body.email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const { row, team } = await db.transaction(async (tx) => {
    const { team, role } = await membershipOf(tx, teamId, userId, true);
    assertManager(role);
    if (body.role === 'admin' && role !== 'owner') {
      throw new AppError('FORBIDDEN', 'Only the team owner can invite an admin');
    }
    await assertTeamWritable(tx, team);
    if (await repo.hasMemberWithEmail(tx, teamId, email)) {
      throw new AppError('CONFLICT', 'This address already belongs to a member of the team');
    }
    await repo.revokePendingFor(tx, teamId, email);
    const used = (await repo.countSeatsUsed(tx, [teamId])).get(teamId) ?? 0;
    if (used >= TEAM_SEATS_MAX) {
      throw new AppError(
        'SEATS_FULL',
        `The team has ${TEAM_SEATS_MAX} seats, all taken (pending invitations hold one)`,
      );
    }
    const now = new Date();
    const row = await repo.insertInvitation(tx, {
      id: randomUUID(),
      teamId,
      email,
      role: body.role,
      tokenHash: hashToken(token),
      invitedBy: userId,
      expiresAt: new Date(now.getTime() + TEAM_INVITATION_DAYS * DAY_MS),
      createdAt: now,
    });
    await teamEvent(tx, userId, 'team_invitation_sent', { teamId, email, role: body.role });
    return { row, team };
  });
  const inviter = await repo.findMember(db, teamId, userId);
  const link = `${publicUrl}${TEAM_JOIN_PATH}?token=${encodeURIComponent(token)}`;
  try {
    await mailer.send(
      teamInvitationMail(email, await repo.findLanguage(db, userId), inviter?.email ?? '', team.name, link),
    );
  } catch (err) {
    // The invitation stands: it can be revoked and sent again.
    logger.error({ err: { message: (err as Error).message }, teamId }, 'teams: the invitation mail was not sent');
  }
  return presentInvitation(row);
}

export async function listInvitations(db: Database, userId: string, teamId: string): Promise<TeamInvitation[]> {
  const { role } = await membershipOf(db, teamId, userId);
  assertManager(role);
  return (await repo.listPendingInvitations(db, teamId)).map(presentInvitation);
}

export async function revokeInvitation(db: Database, userId: string, teamId: string, invitationId: string) {
  await db.transaction(async (tx) => {
    const { role } = await membershipOf(tx, teamId, userId, true);
    assertManager(role);
    const row = await repo.revokeInvitation(tx, teamId, invitationId);
    if (!row) throw notFound('Invitation');
    await teamEvent(tx, userId, 'team_invitation_revoked', { teamId, email: row.email });
  });
}

/**
 * Joins the team of an invitation: once, within its days, for the account whose verified
 * address is the invited one. A used, revoked, expired or unknown token is 410. The invited
 * account whose address is not verified yet claims the invitation instead (403
 * EMAIL_NOT_CONFIRMED): verifying the address then joins it (acceptClaimedInvitations).
 */
export async function join(db: Database, userId: string, token: string): Promise<Team> {
  const outcome = await db.transaction(async (tx) => {
    const invitation = await repo.lockInvitationByToken(tx, hashToken(token));
    if (!invitation || !isPending(invitation)) {
      throw new AppError('INVITATION_GONE', 'This invitation was used, revoked or has expired');
    }
    const account = await repo.findAccountEmail(tx, userId);
    if (!account || account.email.toLowerCase() !== invitation.email) {
      throw new AppError('INVITATION_EMAIL_MISMATCH', 'This invitation is for another e-mail address');
    }
    if (!account.verified) {
      await repo.updateInvitationClaimed(tx, invitation.id, userId);
      return null;
    }
    return accept(tx, invitation, userId);
  });
  // Thrown after the commit, so the claim stays.
  if (!outcome) {
    throw new AppError(
      'EMAIL_NOT_CONFIRMED',
      'Confirm your e-mail address with the link we sent you: you join the team as soon as it is confirmed',
    );
  }
  return outcome;
}

/**
 * Called once an account's address is verified: joins the teams whose invitations it claimed
 * while unverified, if they are still pending and still for its address. One team that
 * cannot take the member (read-only, gone) does not stop the others.
 */
export async function acceptClaimedInvitations(deps: Pick<TeamDeps, 'db' | 'logger'>, userId: string): Promise<void> {
  const { db, logger } = deps;
  for (const claimed of await repo.listClaimedInvitations(db, userId)) {
    try {
      await db.transaction(async (tx) => {
        const invitation = await repo.lockInvitationByToken(tx, claimed.tokenHash);
        const account = await repo.findAccountEmail(tx, userId);
        if (!invitation || !isPending(invitation) || invitation.claimedBy !== userId) return;
        if (!account?.verified || account.email.toLowerCase() !== invitation.email) return;
        await accept(tx, invitation, userId);
      });
    } catch (err) {
      logger.warn(
        { err: { message: (err as Error).message }, teamId: claimed.teamId },
        'teams: a claimed invitation was not accepted on verification',
      );
    }
  }
}

/**
 * Removes a member at once (their access to the team's runs, files and pool ends with the
 * row). Owner and admins remove members, only the owner removes an admin; anyone but the
 * owner may remove themself (leave). The owner cannot be removed.
 */
export async function removeMember(db: Database, userId: string, teamId: string, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { role } = await membershipOf(tx, teamId, userId, true);
    const target = await repo.findMember(tx, teamId, memberId);
    if (!target) throw notFound('Member');
    if (target.role === 'owner') throw new AppError('CONFLICT', 'The owner cannot leave or be removed');
    if (memberId !== userId) {
      assertManager(role);
      if (target.role === 'admin') assertOwner(role);
    }
    await repo.deleteMember(tx, teamId, memberId);
    const details = { teamId, memberId, by: userId };
    await teamEvent(tx, memberId, memberId === userId ? 'team_left' : 'team_member_removed', details);
    if (memberId !== userId) await teamEvent(tx, userId, 'team_member_removed', details);
  });
}

export async function changeRole(
  db: Database,
  userId: string,
  teamId: string,
  memberId: string,
  newRole: TeamMemberRole,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { role } = await membershipOf(tx, teamId, userId, true);
    assertOwner(role);
    const target = await repo.findMember(tx, teamId, memberId);
    if (!target) throw notFound('Member');
    if (target.role === 'owner') throw new AppError('CONFLICT', "The owner's role cannot change");
    await repo.updateMemberRole(tx, teamId, memberId, newRole);
    const details = { teamId, memberId, from: target.role, to: newRole };
    await teamEvent(tx, memberId, 'team_role_changed', details);
    await teamEvent(tx, userId, 'team_role_changed', details);
  });
}

/**
 * The owner chooses whether their plan renewals credit this team's pool (on) or their own
 * balance (off, the default). On for one team is off for the owner's others.
 */
export async function setRenewal(db: Database, userId: string, teamId: string, receivesRenewal: boolean) {
  await db.transaction(async (tx) => {
    const { role } = await membershipOf(tx, teamId, userId, true);
    assertOwner(role);
    if (receivesRenewal) await repo.updateRenewalOffForOwner(tx, userId);
    await repo.updateTeamRenewal(tx, teamId, receivesRenewal);
    await teamEvent(tx, userId, 'team_renewal_changed', { teamId, receivesRenewal });
  });
}

/**
 * Sets or removes a member's monthly cap on the pool: owner or admin; only the owner caps an
 * admin; the owner (who funds the team) has no cap. Runs already charged stay charged.
 */
export async function setMemberCap(
  db: Database,
  userId: string,
  teamId: string,
  memberId: string,
  cap: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { role } = await membershipOf(tx, teamId, userId, true);
    assertManager(role);
    const target = await repo.findMember(tx, teamId, memberId);
    if (!target) throw notFound('Member');
    if (target.role === 'owner') throw new AppError('CONFLICT', 'The team owner has no monthly cap');
    if (target.role === 'admin') assertOwner(role);
    await repo.updateMemberCap(tx, teamId, memberId, cap);
    const details = { teamId, memberId, monthlyCap: cap, by: userId };
    await teamEvent(tx, memberId, 'team_member_cap_changed', details);
    if (memberId !== userId) await teamEvent(tx, userId, 'team_member_cap_changed', details);
  });
}

/**
 * Moves credits from the owner's balance to the team's pool in one transaction: both ledger
 * rows or neither; either balance short answers 402 and changes nothing. Only credits the owner
 * paid for may move (credits/service.ts, `transferableCredits`): free, code and reward credits
 * stay with the account they were given to, so other accounts cannot be emptied into a pool
 * that one person draws on (403 CREDITS_NOT_TRANSFERABLE).
 */
export async function fund(db: Database, userId: string, teamId: string, amount: number): Promise<FundTeamResponse> {
  return db.transaction(async (tx) => {
    await assertAddressProven(tx, userId, 'Confirm your e-mail address before funding a team');
    const { team, role } = await membershipOf(tx, teamId, userId);
    assertOwner(role);
    await assertTeamWritable(tx, team);
    const { balance, transferable } = await transferableCredits(tx, userId);
    // More than the balance holds is the charge's 402 below; less, but more than was paid for, is this.
    if (amount > transferable && amount <= balance) {
      throw new AppError(
        'CREDITS_NOT_TRANSFERABLE',
        `Only credits from a plan you pay for can move to a team: ${transferable} of yours can now`,
      );
    }
    const move = randomUUID();
    const own = await chargeCredits(tx, {
      userId,
      amount,
      reason: 'team',
      reference: teamId,
      idempotencyKey: `team-fund:${move}:owner`,
    });
    const pool = await grantCredits(tx, {
      userId,
      teamId,
      amount,
      reason: 'team',
      reference: teamId,
      idempotencyKey: `team-fund:${move}:team`,
    });
    await teamEvent(tx, userId, 'team_funded', { teamId, amount });
    return { teamCredits: pool.balance, credits: own.balance };
  });
}

/**
 * Deletes the team (the owner only), in one transaction: what is left in the pool goes back
 * to the owner's balance through the ledger, each team run, batch and artwork becomes the
 * personal one of the member who made it, and the memberships and invitations go. Refused
 * (409) while a team run is queued or running, whose refund would have no pool to go to.
 */
export async function deleteTeam(db: Database, userId: string, teamId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { team, role } = await membershipOf(tx, teamId, userId, true);
    assertOwner(role);
    if (await repo.hasActiveRuns(tx, teamId)) {
      throw new AppError('CONFLICT', 'A run of the team is still going: delete the team once it has ended');
    }
    await dissolve(tx, team, userId);
  });
}

/** The team goes, in the caller's transaction (the team row is locked): see deleteTeam. */
async function dissolve(tx: DbOrTx, team: TeamRow, by: string): Promise<void> {
  if (team.credits > 0) {
    const key = `team-delete:${team.id}`;
    const change = { userId: team.ownerId, amount: team.credits, reason: 'team' as const, reference: team.id };
    await chargeCredits(tx, { ...change, teamId: team.id, idempotencyKey: `${key}:team` });
    await grantCredits(tx, { ...change, idempotencyKey: `${key}:owner` });
  }
  await repo.updateTeamWorkPersonal(tx, team.id);
  for (const member of await repo.listMembers(tx, team.id)) {
    await teamEvent(tx, member.id, 'team_deleted', { teamId: team.id, name: team.name, by, credits: team.credits });
  }
  await repo.deleteTeam(tx, team.id);
}

/** What undoBeforeClaim took back. */
export interface TeamsUndone {
  /** The names of the teams dissolved. */
  teams: string[];
  /** Members it had brought into other teams, and invitations it had sent there. */
  memberships: number;
}

/**
 * Undoes what an account did in teams before its address was proven by someone who may not be
 * the person who did it (auth/account-claim.ts), in the claim's transaction: the teams it
 * owns are dissolved as by deleteTeam (their renewal routing with them; a run still going is
 * made personal like the rest), its invitations still pending elsewhere are revoked, the
 * members who joined through its invitations are removed, and its own claims on invitations
 * are dropped, so verifying the address joins no team the other person chose.
 */
export async function undoBeforeClaim(tx: DbOrTx, userId: string): Promise<TeamsUndone> {
  const owned = await repo.lockOwnedTeams(tx, userId);
  for (const team of owned) await dissolve(tx, team, userId);
  const memberships = (await repo.revokePendingSentBy(tx, userId)) + (await repo.deleteMembersInvitedBy(tx, userId));
  await repo.updateClaimsDropped(tx, userId);
  return { teams: owned.map((team) => team.name), memberships };
}

/** Spending from the pool per member, this month and last (owner and admins). */
export async function usage(db: Database, userId: string, teamId: string, now = new Date()): Promise<TeamUsage> {
  const { role } = await membershipOf(db, teamId, userId);
  assertManager(role);
  const thisStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const [thisMonth, lastMonth] = [monthOf(thisStart), monthOf(lastStart)];
  const spending = await repo.listSpendingByMonth(db, teamId, lastStart);
  const members = await repo.listMembers(db, teamId);
  const ids = new Set([...members.map((m) => m.id), ...spending.map((s) => s.userId)]);
  const people = new Map((await repo.listProfiles(db, [...ids])).map((p) => [p.userId, p]));
  const caps = new Map(members.map((m) => [m.id, m.monthlyCap]));
  const spent = (id: string, month: string) =>
    spending.filter((s) => s.userId === id && s.month === month).reduce((sum, s) => sum + s.spent, 0);
  return {
    thisMonth,
    lastMonth,
    members: [...ids].map((id) => ({
      userId: id,
      email: people.get(id)?.email ?? '',
      username: people.get(id)?.username ?? null,
      thisMonth: spent(id, thisMonth),
      lastMonth: spent(id, lastMonth),
      member: caps.has(id),
      monthlyCap: caps.get(id) ?? null,
    })),
  };
}

/** The team's library (members only). */
export async function artworks(
  db: Database,
  userId: string,
  teamId: string,
  cursor?: string,
): Promise<ArtworkListResponse> {
  await membershipOf(db, teamId, userId);
  return listTeamArtworks(db, teamId, userId, cursor);
}
