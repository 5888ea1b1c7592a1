import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { planIdSchema } from './entitlements.ts';
import { nameText, opaqueText } from './text-fields.ts';

/**
 * Studio teams: a shared credit pool, a shared library, members with roles. A team
 * belongs to its owner's plan: while that plan has `teams` the team works; without it the team
 * is read-only (nothing is deleted) until the plan comes back.
 */

/** Seats of a team, the owner included; a pending invitation holds one. */
export const TEAM_SEATS_MAX = 5;
/** An invitation link works once and for this many days. */
export const TEAM_INVITATION_DAYS = 7;
export const TEAM_NAME_MAX_LENGTH = 60;
/** Teams one account may own: enough for a studio and a side project. */
export const TEAMS_OWNED_MAX = 3;
/** The most credits one funding moves (the owner's balance is the real bound). */
export const TEAM_FUNDING_MAX = 1_000_000;
/** The largest monthly cap an owner or admin may set on a member (the form and the API bound it). */
export const TEAM_MEMBER_CAP_MAX = 1_000_000;

/**
 * `owner` (one): funds the team, changes roles, deletes the team. `admin`: invites and removes
 * members. `member`: works with the team's credits and library. Anyone may leave (but the owner).
 */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** The roles an invitation or a role change may give (there is one owner). */
export const TEAM_MEMBER_ROLES = ['admin', 'member'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];
export const teamRoleSchema = z.enum(TEAM_ROLES).meta({ id: 'TeamRole' });
export const teamMemberRoleSchema = z.enum(TEAM_MEMBER_ROLES).meta({ id: 'TeamMemberRole' });

/** Who may manage members (invite, revoke, remove others). */
export const canManageMembers = (role: TeamRole) => role === 'owner' || role === 'admin';

export const teamNameSchema = nameText().min(1).max(TEAM_NAME_MAX_LENGTH);

export const createTeamBodySchema = z.object({ name: teamNameSchema }).meta({ id: 'CreateTeam' });
export type CreateTeamBody = z.infer<typeof createTeamBodySchema>;

export const teamSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The team's own balance, which team runs are charged to. */
    credits: z.number().int(),
    /** The caller's role. */
    role: teamRoleSchema,
    seats: z.object({
      /** Members plus pending invitations. */
      used: z.number().int(),
      max: z.number().int(),
    }),
    /**
     * The owner's plan: inside the team its members have its features (batches, advanced
     * options, webhooks) whatever their own plan, while the team works.
     */
    plan: planIdSchema,
    /** True while the owner's plan lacks `teams`: no new team runs, invitations or funding. */
    readOnly: z.boolean(),
    /** The owner's plan renewals credit this pool instead of the owner's own balance. */
    receivesRenewal: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Team', description: 'A team as one of its members sees it.' });
export type Team = z.infer<typeof teamSchema>;

export const teamMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    role: teamRoleSchema,
    joinedAt: z.string(),
    /** Credits this member may take from the pool per calendar month (UTC); null: no cap. */
    monthlyCap: z.number().int().nullable(),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamResponseSchema = z.object({ team: teamSchema }).meta({ id: 'TeamResponse' });
export const teamListResponseSchema = z.object({ teams: z.array(teamSchema) }).meta({ id: 'TeamList' });
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;
export const teamDetailResponseSchema = z
  .object({ team: teamSchema, members: z.array(teamMemberSchema) })
  .meta({ id: 'TeamDetail' });
export type TeamDetailResponse = z.infer<typeof teamDetailResponseSchema>;

export const createTeamInvitationBodySchema = z
  .object({ email: emailSchema, role: teamMemberRoleSchema.default('member') })
  .meta({ id: 'CreateTeamInvitation' });
export type CreateTeamInvitationBody = z.input<typeof createTeamInvitationBodySchema>;

export const teamInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: teamMemberRoleSchema,
    invitedBy: z.string().nullable(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({
    id: 'TeamInvitation',
    description: 'A pending invitation (it holds a seat until it is used, revoked or expires).',
  });
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const teamInvitationResponseSchema = z
  .object({ invitation: teamInvitationSchema })
  .meta({ id: 'TeamInvitationResponse' });
export const teamInvitationListResponseSchema = z
  .object({ invitations: z.array(teamInvitationSchema) })
  .meta({ id: 'TeamInvitationList' });
export type TeamInvitationListResponse = z.infer<typeof teamInvitationListResponseSchema>;

export const joinTeamBodySchema = z.object({ token: opaqueText().min(1).max(200) }).meta({ id: 'JoinTeam' });
export const changeTeamRoleBodySchema = z.object({ role: teamMemberRoleSchema }).meta({ id: 'ChangeTeamRole' });
export const setTeamMemberCapBodySchema = z
  .object({
    /** Credits per calendar month (UTC) the member's team runs may take; null removes the cap. */
    monthlyCap: z.number().int().min(0).max(TEAM_MEMBER_CAP_MAX).nullable(),
  })
  .meta({ id: 'SetTeamMemberCap' });
export const setTeamRenewalBodySchema = z
  .object({ receivesRenewal: z.boolean() })
  .strict()
  .meta({ id: 'SetTeamRenewal' });
export const fundTeamBodySchema = z
  .object({ amount: z.number().int().min(1).max(TEAM_FUNDING_MAX) })
  .meta({ id: 'FundTeam' });
export const fundTeamResponseSchema = z
  .object({
    /** The team's balance after the move. */
    teamCredits: z.number().int(),
    /** The owner's own balance after the move. */
    credits: z.number().int(),
  })
  .meta({ id: 'FundTeamResponse' });
export type FundTeamResponse = z.infer<typeof fundTeamResponseSchema>;

export const teamUsageSchema = z
  .object({
    /** Calendar months in UTC, `YYYY-MM`. */
    thisMonth: z.string(),
    lastMonth: z.string(),
    members: z.array(
      z.object({
        userId: z.string(),
        email: z.string(),
        username: z.string().nullable(),
        /** Credits of team runs this member started (net of refunds). */
        thisMonth: z.number().int(),
        lastMonth: z.number().int(),
        /** False for someone who has left: their spending stays on the team's account. */
        member: z.boolean(),
        /** The member's monthly cap; null: none (or no longer a member). */
        monthlyCap: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'TeamUsage', description: "Credits spent from the team's pool per member, this month and last." });
export type TeamUsage = z.infer<typeof teamUsageSchema>;

/** `GET /api/runs?teamId=` and the `teamId` field of a run or batch start. */
export const teamIdSchema = z.uuid();
