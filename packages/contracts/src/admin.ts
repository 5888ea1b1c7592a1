import { z } from 'zod';
import { orderSchema, subscriptionStatusSchema } from './billing.ts';
import { planIdSchema } from './entitlements.ts';
import { CURSOR_MAX_LENGTH, ID_MAX_LENGTH, REASON_MAX_LENGTH } from './limits.ts';
import { runErrorSchema, runStatusSchema } from './runs.ts';
import { securityEventSchema, sessionInfoSchema } from './security.ts';
import { teamRoleSchema } from './teams.ts';
import { lineText, multilineText, opaqueText } from './text-fields.ts';
import { toolIdSchema } from './tool-schemas.ts';

// The admin console: who may use it, what it may do, and the shapes of
// /api/admin/*. Every action names a reason and lands in the append-only audit log.

export { USER_ROLES, type UserRole } from './roles.ts';

/** What an audit entry records. Credits are one action whose sign says grant or deduct. */
export const ADMIN_ACTIONS = [
  'credits.adjust',
  'run.refund',
  'sessions.revoke',
  'account.disable',
  'account.enable',
  'role.grant',
  'role.revoke',
  'plan.grant',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Where an action came from: the console (an admin), the admin command line, or ADMIN_EMAILS at sign-in. */
export const ADMIN_ACTION_SOURCES = ['console', 'cli', 'admin_emails'] as const;
export type AdminActionSource = (typeof ADMIN_ACTION_SOURCES)[number];

/** An admin's reason for an action: as long as any reason a client gives. */
export const ADMIN_REASON_MAX_LENGTH = REASON_MAX_LENGTH;
/** The largest single grant or deduction: a typo of a few zeros is refused, not booked. */
export const ADMIN_CREDIT_DELTA_MAX = 100_000;
export const ADMIN_USER_SEARCH_LIMIT = 50;
/** Rows of each list on a user's page (ledger, runs, artworks, events, orders). */
export const ADMIN_DETAIL_LIST_LIMIT = 50;
export const ADMIN_AUDIT_PAGE_SIZE = 50;
/** /admin/runs looks back this far. */
export const ADMIN_RUNS_SUMMARY_HOURS = 24;
export const ADMIN_LATEST_FAILURES = 20;

export const adminReasonSchema = multilineText()
  .min(1, 'A reason is required')
  .max(ADMIN_REASON_MAX_LENGTH)
  .describe('Why: kept in the audit log and shown to the user among their security events');
export const adminReasonBodySchema = z.object({ reason: adminReasonSchema });
export type AdminReasonBody = z.infer<typeof adminReasonBodySchema>;

export const adminCreditsBodySchema = z.object({
  delta: z
    .number()
    .int()
    .min(-ADMIN_CREDIT_DELTA_MAX)
    .max(ADMIN_CREDIT_DELTA_MAX)
    .refine((delta) => delta !== 0, 'must not be 0')
    .describe('Credits to add (positive) or take away (negative); the balance never goes below 0'),
  reason: adminReasonSchema,
});
export type AdminCreditsBody = z.infer<typeof adminCreditsBodySchema>;

/** The longest plan an admin grants for a number of days (longer: no end, `days` left out). */
export const ADMIN_PLAN_GRANT_DAYS_MAX = 3650;

export const adminPlanGrantBodySchema = z.object({
  plan: z.enum(['pro', 'studio', 'lifetime']).describe('The plan given: its entitlements as if bought'),
  days: z
    .number()
    .int()
    .min(1)
    .max(ADMIN_PLAN_GRANT_DAYS_MAX)
    .optional()
    .describe('How long from now; left out, the grant has no end'),
  reason: adminReasonSchema,
});
export type AdminPlanGrantBody = z.infer<typeof adminPlanGrantBodySchema>;

export const adminPlanGrantResponseSchema = z
  .object({
    plan: planIdSchema.describe("The user's effective plan after the grant"),
    endsAt: z.string().nullable().describe('ISO 8601; null: no end'),
  })
  .meta({ id: 'AdminPlanGrantResult' });
export type AdminPlanGrantResponse = z.infer<typeof adminPlanGrantResponseSchema>;

export const adminUserSummarySchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    credits: z.number().int(),
    plan: z.string(),
    disabled: z.boolean(),
    admin: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUserSummary' });
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserListQuerySchema = z.object({
  q: lineText().max(ID_MAX_LENGTH).optional().describe('Part of an e-mail address or username, or a user id'),
});
export const adminUserListResponseSchema = z.object({ users: z.array(adminUserSummarySchema) });
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

export const adminLedgerEntrySchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    balanceAfter: z.number().int(),
    reason: z.string(),
    reference: z.string().nullable(),
    /** The admin who made an `admin` entry. */
    actorId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminLedgerEntry' });
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

export const adminRunSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    tool: toolIdSchema,
    status: runStatusSchema,
    engine: z.string(),
    credits: z.number().int(),
    refunded: z.boolean(),
    clientSide: z.boolean(),
    error: runErrorSchema.nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminRun' });
export type AdminRun = z.infer<typeof adminRunSchema>;

export const adminArtworkSchema = z
  .object({
    id: z.string(),
    toolType: toolIdSchema,
    isPublic: z.boolean(),
    /** Public, but out of the gallery while its author's account is disabled. */
    hiddenWhileDisabled: z.boolean(),
    likesCount: z.number().int(),
    /** Only for public artworks: the console does not show private images. */
    thumbnailUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminArtwork' });
export type AdminArtwork = z.infer<typeof adminArtworkSchema>;

/** A team the user belongs to, with their role: the way from their page to the team's audit. */
export const adminUserTeamSchema = z
  .object({ id: z.string(), name: z.string(), role: teamRoleSchema })
  .meta({ id: 'AdminUserTeam' });

export const adminUserDetailResponseSchema = z
  .object({
    user: adminUserSummarySchema.extend({
      language: z.string(),
      referralCode: z.string(),
      disabledAt: z.string().nullable(),
    }),
    subscription: subscriptionStatusSchema,
    orders: z.array(orderSchema),
    ledger: z.array(adminLedgerEntrySchema),
    runs: z.array(adminRunSchema),
    artworks: z.array(adminArtworkSchema),
    securityEvents: z.array(securityEventSchema),
    sessions: z.array(sessionInfoSchema),
    teams: z.array(adminUserTeamSchema),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof adminUserDetailResponseSchema>;

/** Events of a team's audit shown at most (newest first). */
export const ADMIN_TEAM_EVENTS_LIMIT = 200;

/**
 * A team's audit: the team (null once deleted: its events outlive it), its members with their
 * roles, and the security events that name it (invitations, joins, removals, roles, caps,
 * funding, deletion), each with the account it was recorded for.
 */
export const adminTeamAuditResponseSchema = z
  .object({
    team: z
      .object({
        id: z.string(),
        name: z.string(),
        credits: z.number().int(),
        ownerId: z.string(),
        createdAt: z.string(),
      })
      .nullable(),
    members: z.array(
      z.object({
        userId: z.string(),
        email: z.string().nullable(),
        username: z.string().nullable(),
        role: teamRoleSchema,
        monthlyCap: z.number().int().nullable(),
        joinedAt: z.string(),
      }),
    ),
    events: z.array(securityEventSchema.extend({ userId: z.string().nullable(), email: z.string().nullable() })),
  })
  .meta({ id: 'AdminTeamAudit' });
export type AdminTeamAudit = z.infer<typeof adminTeamAuditResponseSchema>;

export const adminCreditsResponseSchema = z.object({ credits: z.number().int() });
export const adminUserResponseSchema = z.object({ user: adminUserSummarySchema });
export const adminSessionsRevokedResponseSchema = z.object({ revoked: z.number().int() });
export const adminRunRefundResponseSchema = z.object({ run: adminRunSchema, credits: z.number().int() });
export type AdminRunRefundResponse = z.infer<typeof adminRunRefundResponseSchema>;

export const adminRunGroupSchema = z
  .object({
    tool: toolIdSchema,
    engine: z.string(),
    count: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    /** Failed among finished runs, 0..1; null when none has finished. */
    failureRate: z.number().nullable(),
    /** From creation to the end (queue included), server-side runs only. */
    p50Ms: z.number().nullable(),
    p95Ms: z.number().nullable(),
  })
  .meta({ id: 'AdminRunGroup' });
export type AdminRunGroup = z.infer<typeof adminRunGroupSchema>;

export const adminRunsSummaryResponseSchema = z
  .object({
    since: z.string(),
    groups: z.array(adminRunGroupSchema),
    latestFailures: z.array(adminRunSchema.extend({ email: z.string().nullable() })),
  })
  .meta({ id: 'AdminRunsSummary' });
export type AdminRunsSummary = z.infer<typeof adminRunsSummaryResponseSchema>;

export const adminAuditEntrySchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    via: z.enum(ADMIN_ACTION_SOURCES),
    actorId: z.string().nullable(),
    actorEmail: z.string().nullable(),
    action: z.enum(ADMIN_ACTIONS),
    targetUserId: z.string().nullable(),
    targetEmail: z.string().nullable(),
    runId: z.string().nullable(),
    reason: z.string(),
    before: z.record(z.string(), z.unknown()),
    after: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditQuerySchema = z.object({
  cursor: opaqueText().max(CURSOR_MAX_LENGTH).optional(),
  userId: opaqueText().max(ID_MAX_LENGTH).optional().describe('Only the entries about this user'),
});
export const adminAuditResponseSchema = z
  .object({
    entries: z.array(adminAuditEntrySchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AdminAuditPage' });
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

/** GET /api/admin/me: answers only an admin (everyone else gets the API's 404). */
export const adminMeResponseSchema = z.object({ admin: z.object({ id: z.string(), email: z.string() }) });
