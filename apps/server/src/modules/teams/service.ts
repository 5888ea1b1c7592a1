import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type ArtworkListResponse,
  type CreateTeamInvitationBody,
  type FundTeamResponse,
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
import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import {
  type TeamInvitationRow,
  type TeamRow,
  teamInvitations,
  teamMembers,
  teams,
} from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { listTeamArtworks } from '../artworks/service.ts';
import { chargeCredits, grantCredits } from '../credits/service.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import { teamInvitationMail } from './invitation-mail.ts';
import * as repo from './repo.ts';
import { assertManager, assertOwner, assertTeamWorks, membershipOf, teamWorks } from './team-access.ts';
import type { TeamEventType } from './team-events.ts';

export interface TeamServiceDeps {
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

/** Studio teams (issue 31, ADR 0040). Each method checks the caller's membership and role first. */
export function createTeamService({ db, mailer, logger, publicUrl }: TeamServiceDeps) {
  async function present(db: DbOrTx, team: TeamRow, role: TeamRole, used?: number): Promise<Team> {
    const seats = used ?? (await repo.seatsUsed(db, [team.id])).get(team.id) ?? 0;
    return {
      id: team.id,
      name: team.name,
      credits: team.credits,
      role,
      seats: { used: seats, max: TEAM_SEATS_MAX },
      readOnly: !(await teamWorks(db, team)),
      receivesRenewal: team.receivesRenewal,
      createdAt: team.createdAt.toISOString(),
    };
  }

  /** Adds the invitation's account to its team (the invitation is locked and pending). */
  async function accept(tx: DbOrTx, invitation: TeamInvitationRow, userId: string): Promise<Team> {
    const [team] = await tx.select().from(teams).where(eq(teams.id, invitation.teamId)).for('update');
    if (!team) throw new AppError('INVITATION_GONE', 'The team no longer exists');
    await assertTeamWorks(tx, team);
    const now = new Date();
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(eq(teamInvitations.id, invitation.id));
    const inserted = await tx
      .insert(teamMembers)
      .values({ teamId: team.id, userId, role: invitation.role, joinedAt: now })
      .onConflictDoNothing()
      .returning();
    const role = inserted[0]?.role ?? (await membershipOf(tx, team.id, userId)).role;
    await teamEvent(tx, userId, 'team_joined', { teamId: team.id, role, invitedBy: invitation.invitedBy });
    if (invitation.invitedBy) {
      await teamEvent(tx, invitation.invitedBy, 'team_member_joined', { teamId: team.id, memberId: userId });
    }
    return present(tx, team, role);
  }

  return {
    /** The route checked the caller's plan has `teams`. */
    async createTeam(userId: string, name: string): Promise<Team> {
      return db.transaction(async (tx) => {
        if ((await repo.countOwnedTeams(tx, userId)) >= TEAMS_OWNED_MAX) {
          throw new AppError('CONFLICT', `An account can own at most ${TEAMS_OWNED_MAX} teams`);
        }
        const [team] = await tx.insert(teams).values({ id: randomUUID(), name, ownerId: userId }).returning();
        await tx.insert(teamMembers).values({ teamId: team!.id, userId, role: 'owner' });
        await teamEvent(tx, userId, 'team_created', { teamId: team!.id });
        return present(tx, team!, 'owner', 1);
      });
    },

    async listTeams(userId: string): Promise<Team[]> {
      const rows = await repo.teamsOfUser(db, userId);
      const seats = await repo.seatsUsed(
        db,
        rows.map((r) => r.team.id),
      );
      return Promise.all(rows.map((r) => present(db, r.team, r.role, seats.get(r.team.id))));
    },

    async getTeam(userId: string, teamId: string): Promise<TeamDetailResponse> {
      const { team, role } = await membershipOf(db, teamId, userId);
      const members = await repo.membersOf(db, teamId);
      return {
        team: await present(db, team, role),
        members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
      };
    },

    /**
     * Invites an address (owner or admin; an admin invites members only). The team row is locked
     * so concurrent invitations count the seats one after the other; an address invited again
     * gets a new link in place of the old one, on the same seat.
     */
    async invite(userId: string, teamId: string, body: Required<CreateTeamInvitationBody>): Promise<TeamInvitation> {
      const email = body.email.trim().toLowerCase();
      const token = randomBytes(32).toString('base64url');
      const { row, team } = await db.transaction(async (tx) => {
        const { team, role } = await membershipOf(tx, teamId, userId, true);
        assertManager(role);
        if (body.role === 'admin' && role !== 'owner') {
          throw new AppError('FORBIDDEN', 'Only the team owner can invite an admin');
        }
        await assertTeamWorks(tx, team);
        if (await repo.memberWithEmail(tx, teamId, email)) {
          throw new AppError('CONFLICT', 'This address already belongs to a member of the team');
        }
        await repo.revokePendingFor(tx, teamId, email);
        const used = (await repo.seatsUsed(tx, [teamId])).get(teamId) ?? 0;
        if (used >= TEAM_SEATS_MAX) {
          throw new AppError(
            'SEATS_FULL',
            `The team has ${TEAM_SEATS_MAX} seats, all taken (pending invitations hold one)`,
          );
        }
        const now = new Date();
        const [row] = await tx
          .insert(teamInvitations)
          .values({
            id: randomUUID(),
            teamId,
            email,
            role: body.role,
            tokenHash: hashToken(token),
            invitedBy: userId,
            expiresAt: new Date(now.getTime() + TEAM_INVITATION_DAYS * DAY_MS),
            createdAt: now,
          })
          .returning();
        await teamEvent(tx, userId, 'team_invitation_sent', { teamId, email, role: body.role });
        return { row: row!, team };
      });
      const inviter = await repo.findMember(db, teamId, userId);
      const link = `${publicUrl}${TEAM_JOIN_PATH}?token=${encodeURIComponent(token)}`;
      try {
        await mailer.send(
          teamInvitationMail(email, await repo.languageOf(db, userId), inviter?.email ?? '', team.name, link),
        );
      } catch (err) {
        // The invitation stands: it can be revoked and sent again.
        logger.error({ err: { message: (err as Error).message }, teamId }, 'teams: the invitation mail was not sent');
      }
      return presentInvitation(row);
    },

    async listInvitations(userId: string, teamId: string): Promise<TeamInvitation[]> {
      const { role } = await membershipOf(db, teamId, userId);
      assertManager(role);
      return (await repo.pendingInvitations(db, teamId)).map(presentInvitation);
    },

    async revokeInvitation(userId: string, teamId: string, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { role } = await membershipOf(tx, teamId, userId, true);
        assertManager(role);
        const row = await repo.revokeInvitation(tx, teamId, invitationId);
        if (!row) throw notFound('Invitation');
        await teamEvent(tx, userId, 'team_invitation_revoked', { teamId, email: row.email });
      });
    },

    /**
     * Joins the team of an invitation: once, within its days, for the account whose verified
     * address is the invited one. A used, revoked, expired or unknown token is 410. The invited
     * account whose address is not verified yet claims the invitation instead (403
     * EMAIL_NOT_CONFIRMED): verifying the address then joins it (acceptClaimedInvitations).
     */
    async join(userId: string, token: string): Promise<Team> {
      const outcome = await db.transaction(async (tx) => {
        const invitation = await repo.lockInvitationByToken(tx, hashToken(token));
        if (!invitation || !isPending(invitation)) {
          throw new AppError('INVITATION_GONE', 'This invitation was used, revoked or has expired');
        }
        const account = await repo.accountEmail(tx, userId);
        if (!account || account.email.toLowerCase() !== invitation.email) {
          throw new AppError('INVITATION_EMAIL_MISMATCH', 'This invitation is for another e-mail address');
        }
        if (!account.verified) {
          await tx.update(teamInvitations).set({ claimedBy: userId }).where(eq(teamInvitations.id, invitation.id));
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
    },

    /**
     * Called once an account's address is verified: joins the teams whose invitations it claimed
     * while unverified, if they are still pending and still for its address. One team that
     * cannot take the member (read-only, gone) does not stop the others.
     */
    async acceptClaimedInvitations(userId: string): Promise<void> {
      for (const claimed of await repo.claimedInvitations(db, userId)) {
        try {
          await db.transaction(async (tx) => {
            const invitation = await repo.lockInvitationByToken(tx, claimed.tokenHash);
            const account = await repo.accountEmail(tx, userId);
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
    },

    /**
     * Removes a member at once (their access to the team's runs, files and pool ends with the
     * row). Owner and admins remove members, only the owner removes an admin; anyone but the
     * owner may remove themself (leave). The owner cannot be removed.
     */
    async removeMember(userId: string, teamId: string, memberId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { role } = await membershipOf(tx, teamId, userId, true);
        const target = await repo.findMember(tx, teamId, memberId);
        if (!target) throw notFound('Member');
        if (target.role === 'owner') throw new AppError('CONFLICT', 'The owner cannot leave or be removed');
        if (memberId !== userId) {
          assertManager(role);
          if (target.role === 'admin') assertOwner(role);
        }
        await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
        const details = { teamId, memberId, by: userId };
        await teamEvent(tx, memberId, memberId === userId ? 'team_left' : 'team_member_removed', details);
        if (memberId !== userId) await teamEvent(tx, userId, 'team_member_removed', details);
      });
    },

    async changeRole(userId: string, teamId: string, memberId: string, newRole: TeamMemberRole): Promise<void> {
      await db.transaction(async (tx) => {
        const { role } = await membershipOf(tx, teamId, userId, true);
        assertOwner(role);
        const target = await repo.findMember(tx, teamId, memberId);
        if (!target) throw notFound('Member');
        if (target.role === 'owner') throw new AppError('CONFLICT', "The owner's role cannot change");
        await tx
          .update(teamMembers)
          .set({ role: newRole })
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
        const details = { teamId, memberId, from: target.role, to: newRole };
        await teamEvent(tx, memberId, 'team_role_changed', details);
        await teamEvent(tx, userId, 'team_role_changed', details);
      });
    },

    /**
     * The owner chooses whether their plan renewals credit this team's pool (on) or their own
     * balance (off, the default). On for one team is off for the owner's others.
     */
    async setRenewal(userId: string, teamId: string, receivesRenewal: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const { role } = await membershipOf(tx, teamId, userId, true);
        assertOwner(role);
        if (receivesRenewal) {
          await tx
            .update(teams)
            .set({ receivesRenewal: false })
            .where(and(eq(teams.ownerId, userId), eq(teams.receivesRenewal, true)));
        }
        await tx.update(teams).set({ receivesRenewal, updatedAt: new Date() }).where(eq(teams.id, teamId));
        await teamEvent(tx, userId, 'team_renewal_changed', { teamId, receivesRenewal });
      });
    },

    /**
     * Sets or removes a member's monthly cap on the pool: owner or admin; only the owner caps an
     * admin; the owner (who funds the team) has no cap. Runs already charged stay charged.
     */
    async setMemberCap(userId: string, teamId: string, memberId: string, cap: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        const { role } = await membershipOf(tx, teamId, userId, true);
        assertManager(role);
        const target = await repo.findMember(tx, teamId, memberId);
        if (!target) throw notFound('Member');
        if (target.role === 'owner') throw new AppError('CONFLICT', 'The team owner has no monthly cap');
        if (target.role === 'admin') assertOwner(role);
        await tx
          .update(teamMembers)
          .set({ monthlyCap: cap })
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
        const details = { teamId, memberId, monthlyCap: cap, by: userId };
        await teamEvent(tx, memberId, 'team_member_cap_changed', details);
        if (memberId !== userId) await teamEvent(tx, userId, 'team_member_cap_changed', details);
      });
    },

    /**
     * Moves credits from the owner's balance to the team's pool in one transaction: both ledger
     * rows or neither; either balance short answers 402 and changes nothing.
     */
    async fund(userId: string, teamId: string, amount: number): Promise<FundTeamResponse> {
      return db.transaction(async (tx) => {
        const { team, role } = await membershipOf(tx, teamId, userId);
        assertOwner(role);
        await assertTeamWorks(tx, team);
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
    },

    /**
     * Deletes the team (the owner only), in one transaction: what is left in the pool goes back
     * to the owner's balance through the ledger, each team run, batch and artwork becomes the
     * personal one of the member who made it, and the memberships and invitations go. Refused
     * (409) while a team run is queued or running, whose refund would have no pool to go to.
     */
    async deleteTeam(userId: string, teamId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { team, role } = await membershipOf(tx, teamId, userId, true);
        assertOwner(role);
        if (await repo.hasActiveRuns(tx, teamId)) {
          throw new AppError('CONFLICT', 'A run of the team is still going: delete the team once it has ended');
        }
        if (team.credits > 0) {
          const key = `team-delete:${teamId}`;
          await chargeCredits(tx, {
            userId,
            teamId,
            amount: team.credits,
            reason: 'team',
            reference: teamId,
            idempotencyKey: `${key}:team`,
          });
          await grantCredits(tx, {
            userId,
            amount: team.credits,
            reason: 'team',
            reference: teamId,
            idempotencyKey: `${key}:owner`,
          });
        }
        await repo.returnTeamWork(tx, teamId);
        const members = await repo.membersOf(tx, teamId);
        for (const member of members) {
          await teamEvent(tx, member.id, 'team_deleted', {
            teamId,
            name: team.name,
            by: userId,
            credits: team.credits,
          });
        }
        // Memberships and invitations go with the row (ON DELETE CASCADE).
        await tx.delete(teams).where(eq(teams.id, teamId));
      });
    },

    /** Spending from the pool per member, this month and last (owner and admins). */
    async usage(userId: string, teamId: string, now = new Date()): Promise<TeamUsage> {
      const { role } = await membershipOf(db, teamId, userId);
      assertManager(role);
      const thisStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const lastStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const [thisMonth, lastMonth] = [monthOf(thisStart), monthOf(lastStart)];
      const spending = await repo.spendingByMonth(db, teamId, lastStart);
      const members = await repo.membersOf(db, teamId);
      const ids = new Set([...members.map((m) => m.id), ...spending.map((s) => s.userId)]);
      const people = new Map((await repo.profilesOf(db, [...ids])).map((p) => [p.userId, p]));
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
    },

    async artworks(userId: string, teamId: string, cursor?: string): Promise<ArtworkListResponse> {
      await membershipOf(db, teamId, userId);
      return listTeamArtworks(db, teamId, userId, cursor);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
