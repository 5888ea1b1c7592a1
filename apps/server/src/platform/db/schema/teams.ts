import type { TeamMemberRole, TeamRole } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A team: a shared credit pool and library of up to TEAM_SEATS_MAX people. The
 * balance is changed only by the credits module, with a ledger row carrying `team_id`; the
 * CHECK makes a negative pool impossible whatever the code does.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** The one owner: their plan decides whether the team may work (the `teams` feature). */
    ownerId: text('owner_id').notNull(),
    credits: integer('credits').notNull().default(0),
    /** The owner's plan renewals credit this team's pool instead of the owner's own balance. */
    receivesRenewal: boolean('receives_renewal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('teams_credits_non_negative', sql`${t.credits} >= 0`),
    index('teams_owner_idx').on(t.ownerId),
    // A renewal goes to one place: at most one team of an owner receives it.
    uniqueIndex('teams_one_renewal_per_owner_idx').on(t.ownerId).where(sql`${t.receivesRenewal}`),
  ],
);
export type TeamRow = typeof teams.$inferSelect;

/** Who belongs to a team now. Removing a row ends that person's access to everything of the team. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    role: text('role').$type<TeamRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Credits the member's team runs may take per calendar month (UTC); null: no cap. */
    monthlyCap: integer('monthly_cap'),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    check('team_members_cap_non_negative', sql`${t.monthlyCap} IS NULL OR ${t.monthlyCap} >= 0`),
    check('team_members_role_known', sql`${t.role} IN ('owner', 'admin', 'member')`),
    index('team_members_user_idx').on(t.userId),
    // One owner per team.
    uniqueIndex('team_members_one_owner_idx').on(t.teamId).where(sql`${t.role} = 'owner'`),
  ],
);
export type TeamMemberRow = typeof teamMembers.$inferSelect;

/**
 * An invitation by e-mail. Only the SHA-256 of its token is kept: the link in the mail is the
 * one place the token exists. Pending (not accepted, not revoked, not expired) it holds a seat.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<TeamMemberRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by'),
    /**
     * The account (with the invited address, not yet verified) that opened the link: verifying
     * the address then accepts the invitation for it, so the link need not be opened again.
     */
    claimedBy: text('claimed_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('team_invitations_role_known', sql`${t.role} IN ('admin', 'member')`),
    uniqueIndex('team_invitations_token_idx').on(t.tokenHash),
    index('team_invitations_team_idx').on(t.teamId),
  ],
);
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
