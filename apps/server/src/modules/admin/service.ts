import {
  ADMIN_AUDIT_PAGE_SIZE,
  ADMIN_DETAIL_LIST_LIMIT,
  ADMIN_RUNS_SUMMARY_HOURS,
  type AdminAuditResponse,
  type AdminPlanGrantBody,
  type AdminPlanGrantResponse,
  type AdminRun,
  type AdminRunRefundResponse,
  type AdminRunsSummary,
  type AdminTeamAudit,
  type AdminUserDetail,
  type AdminUserSummary,
} from '@atelier/contracts';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import type { Profile, RunRow } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import { runMetrics } from '../../platform/metrics/registry.ts';
import { thumbnailUrls } from '../artworks/artwork-files.ts';
import { decodeCursor, encodeCursor } from '../artworks/feed-cursor.ts';
import type { BillingDeps } from '../billing/service.ts';
import * as billing from '../billing/service.ts';
import { chargeCredits, grantCredits, refundCredits } from '../credits/service.ts';
import { effectivePlan } from '../entitlements/effective-plan.ts';
import * as planGrants from '../entitlements/plan-grants.ts';
import { listSecurityEvents } from '../security/security-overview.ts';
import { listSessions } from '../security/session-list.ts';
import { type RevocationReason, revokeSession } from '../security/session-revocation.ts';
import * as teamsRepo from '../teams/repo.ts';
import { type AdminActor, recordAdminAction } from './audit-log.ts';
import * as repo from './repo.ts';

/** The admin acting in the console. */
export type ConsoleAdmin = Extract<AdminActor, { via: 'console' }>;

export function toUserSummary(profile: Profile): AdminUserSummary {
  return {
    id: profile.userId,
    email: profile.email,
    username: profile.username,
    credits: profile.credits,
    plan: profile.subscriptionType,
    disabled: profile.disabledAt !== null,
    admin: profile.role === 'admin',
    createdAt: profile.createdAt.toISOString(),
  };
}

export function toAdminRun(row: RunRow): AdminRun {
  return {
    id: row.id,
    userId: row.userId,
    tool: row.tool,
    status: row.status,
    engine: row.engine,
    credits: row.credits,
    refunded: row.refunded,
    clientSide: row.clientSide,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const userNotFound = () => notFound('User');
const conflict = (message: string) => new AppError('CONFLICT', message);

/** Locks the target's profile for the action's transaction; 404 when there is no such user. */
async function lockTarget(tx: DbOrTx, userId: string): Promise<Profile> {
  const profile = await repo.lockProfile(tx, userId);
  if (!profile) throw userNotFound();
  return profile;
}

async function endAllSessions(tx: DbOrTx, userId: string, reason: RevocationReason, admin: ConsoleAdmin) {
  let ended = 0;
  for (const session of await repo.listSessionIds(tx, userId)) {
    const by = admin.sessionId ? { sessionId: admin.sessionId } : undefined;
    if (await revokeSession(tx, { id: session.id, userId }, reason, by)) ended++;
  }
  return ended;
}

export interface AdminDeps {
  db: Database;
  /** The user's subscription and orders, for the user's detail page. */
  billing: BillingDeps;
}

// What an admin may see and do. Every action runs in one transaction with its audit entry
// and the affected user's security event (audit-log.ts), after locking the user's profile,
// so two admins acting on one user at once are serialised and each entry's "before" is true.

export async function searchUsers(db: Database, q: string | undefined): Promise<AdminUserSummary[]> {
  return (await repo.searchProfiles(db, q || undefined)).map(toUserSummary);
}

export async function userDetail(deps: AdminDeps, userId: string): Promise<AdminUserDetail> {
  const profile = await repo.findProfileById(deps.db, userId);
  if (!profile) throw userNotFound();
  const [plan, subscription, orders, ledger, runs, artworks, securityEvents, sessions, teams] = await Promise.all([
    // What the account has now: a plan granted by an admin or a referral counts, as it does for the user.
    effectivePlan(deps.db, userId),
    billing.status(deps.billing, userId),
    billing.orders(deps.billing, userId),
    repo.listLedger(deps.db, userId),
    repo.listRunsOf(deps.db, userId),
    repo.listArtworksOf(deps.db, userId),
    listSecurityEvents(deps.db, userId, ADMIN_DETAIL_LIST_LIMIT),
    listSessions(deps.db, userId, ''),
    repo.listTeamsOf(deps.db, userId),
  ]);
  return {
    user: {
      ...toUserSummary(profile),
      plan,
      language: profile.language,
      referralCode: profile.referralCode,
      disabledAt: profile.disabledAt?.toISOString() ?? null,
    },
    subscription,
    orders: orders.slice(0, ADMIN_DETAIL_LIST_LIMIT),
    ledger: ledger.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      reason: entry.reason,
      reference: entry.reference,
      actorId: entry.actorId,
      createdAt: entry.createdAt.toISOString(),
    })),
    runs: runs.map(toAdminRun),
    artworks: artworks.map((artwork) => ({
      id: artwork.id,
      toolType: artwork.toolType,
      isPublic: artwork.isPublic,
      hiddenWhileDisabled: artwork.hiddenWhileDisabled,
      likesCount: artwork.likesCount,
      // Private images stay private, from admins too: only public ones are shown.
      thumbnailUrl: artwork.isPublic ? thumbnailUrls(artwork).thumbnailUrl : null,
      createdAt: artwork.createdAt.toISOString(),
    })),
    securityEvents,
    sessions,
    teams,
  };
}

/**
 * A team's audit: the team, its members and roles, and the events naming it. A deleted team
 * still has its events (the team is then null); an id that names neither is 404.
 */
export async function teamAudit(db: Database, teamId: string): Promise<AdminTeamAudit> {
  const [team, members, events] = await Promise.all([
    repo.findTeam(db, teamId),
    teamsRepo.listMembers(db, teamId),
    repo.listTeamEvents(db, teamId),
  ]);
  if (!team && events.length === 0) throw notFound('Team');
  return {
    team: team
      ? {
          id: team.id,
          name: team.name,
          credits: team.credits,
          ownerId: team.ownerId,
          createdAt: team.createdAt.toISOString(),
        }
      : null,
    members: members.map(({ id, joinedAt, ...m }) => ({ ...m, userId: id, joinedAt: joinedAt.toISOString() })),
    events: events.map(({ event, email }) => ({
      id: event.id,
      userId: event.userId,
      email,
      eventType: event.eventType,
      severity: event.severity,
      details: event.details,
      userAgent: event.userAgent,
      sessionId: event.sessionId,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

/** Grants (delta > 0) or deducts (delta < 0) credits: a ledger row of kind `admin`, never below zero. */
export async function adjustCredits(
  db: Database,
  admin: ConsoleAdmin,
  userId: string,
  delta: number,
  reason: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const profile = await lockTarget(tx, userId);
    if (profile.credits + delta < 0) {
      throw new AppError(
        'INSUFFICIENT_CREDITS',
        `The balance is ${profile.credits}: taking ${-delta} would leave it below zero`,
      );
    }
    const auditId = await recordAdminAction(tx, {
      actor: admin,
      action: 'credits.adjust',
      target: { userId, email: profile.email },
      reason,
      before: { credits: profile.credits },
      after: { credits: profile.credits + delta, delta },
    });
    const change = {
      userId,
      amount: Math.abs(delta),
      reason: 'admin' as const,
      reference: auditId,
      actorId: admin.id,
      idempotencyKey: `admin:${auditId}`,
    };
    const { balance } = delta > 0 ? await grantCredits(tx, change) : await chargeCredits(tx, change);
    return balance;
  });
}

/**
 * Gives the user a plan (ADR 0032): a plan grant from now for `days` (none: no end), with the
 * plan's entitlements exactly as if bought. Credits are not part of it (adjustCredits is).
 */
export async function grantPlan(
  db: Database,
  admin: ConsoleAdmin,
  userId: string,
  body: AdminPlanGrantBody,
): Promise<AdminPlanGrantResponse> {
  return db.transaction(async (tx) => {
    const profile = await lockTarget(tx, userId);
    const before = await effectivePlan(tx, userId);
    const grant = await planGrants.grantPlan(tx, {
      userId,
      plan: body.plan,
      source: 'admin',
      reason: body.reason,
      days: body.days,
    });
    const endsAt = grant.endsAt?.toISOString() ?? null;
    const after = await effectivePlan(tx, userId);
    await recordAdminAction(tx, {
      actor: admin,
      action: 'plan.grant',
      target: { userId, email: profile.email },
      reason: body.reason,
      before: { plan: before },
      after: { plan: after, granted: body.plan, endsAt },
    });
    return { plan: after, endsAt };
  });
}

export async function disable(
  db: Database,
  admin: ConsoleAdmin,
  userId: string,
  reason: string,
): Promise<AdminUserSummary> {
  if (userId === admin.id) throw conflict('You cannot disable your own account');
  return db.transaction(async (tx) => {
    const profile = await lockTarget(tx, userId);
    if (profile.disabledAt) throw conflict('The account is already disabled');
    const disabledAt = new Date();
    await repo.setDisabledAt(tx, userId, disabledAt);
    const hiddenArtworks = await repo.hidePublicArtworks(tx, userId);
    const endedSessions = await endAllSessions(tx, userId, 'account_disabled', admin);
    await recordAdminAction(tx, {
      actor: admin,
      action: 'account.disable',
      target: { userId, email: profile.email },
      reason,
      before: { disabled: false },
      after: { disabled: true, hiddenArtworks, endedSessions },
    });
    return toUserSummary({ ...profile, disabledAt });
  });
}

export async function enable(
  db: Database,
  admin: ConsoleAdmin,
  userId: string,
  reason: string,
): Promise<AdminUserSummary> {
  return db.transaction(async (tx) => {
    const profile = await lockTarget(tx, userId);
    if (!profile.disabledAt) throw conflict('The account is not disabled');
    await repo.setDisabledAt(tx, userId, null);
    const restoredArtworks = await repo.restoreHiddenArtworks(tx, userId);
    await recordAdminAction(tx, {
      actor: admin,
      action: 'account.enable',
      target: { userId, email: profile.email },
      reason,
      before: { disabled: true, disabledAt: profile.disabledAt.toISOString() },
      after: { disabled: false, restoredArtworks },
    });
    return toUserSummary({ ...profile, disabledAt: null });
  });
}

export async function revokeSessions(
  db: Database,
  admin: ConsoleAdmin,
  userId: string,
  reason: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const profile = await lockTarget(tx, userId);
    const sessions = await repo.listSessionIds(tx, userId);
    const ended = await endAllSessions(tx, userId, 'revoked_by_admin', admin);
    await recordAdminAction(tx, {
      actor: admin,
      action: 'sessions.revoke',
      target: { userId, email: profile.email },
      reason,
      before: { sessions: sessions.length },
      after: { sessions: sessions.length - ended, ended },
    });
    return ended;
  });
}

/**
 * Gives a finished run's credits back, once: the run's `refunded` flag and the refund's
 * idempotency key (`refund:<runId>`, the same one an automatic refund uses) both refuse a
 * second time, whichever path came first.
 */
export async function refundRun(
  db: Database,
  admin: ConsoleAdmin,
  runId: string,
  reason: string,
): Promise<AdminRunRefundResponse> {
  const result = await db.transaction(async (tx) => {
    const found = await repo.lockRun(tx, runId);
    if (!found) throw notFound('Run');
    const profile = await lockTarget(tx, found.userId);
    if (found.refunded) throw conflict('The run has already been refunded');
    if (found.status !== 'succeeded' && found.status !== 'failed') throw conflict('The run has not finished');
    if (found.credits <= 0) throw conflict('The run cost no credits');
    const refund = await refundCredits(tx, {
      userId: found.userId,
      teamId: found.teamId,
      amount: found.credits,
      reason: 'refund',
      reference: runId,
      idempotencyKey: `refund:${runId}`,
    });
    if (!refund.applied) throw conflict('The run has already been refunded');
    const run = await repo.markRunRefunded(tx, runId);
    if (!run) throw conflict('The run has already been refunded');
    await recordAdminAction(tx, {
      actor: admin,
      action: 'run.refund',
      target: { userId: found.userId, email: profile.email },
      runId,
      reason,
      before: { refunded: false, credits: profile.credits },
      after: { refunded: true, credits: refund.balance, refundedCredits: found.credits },
    });
    return { run, credits: refund.balance };
  });
  runMetrics.refunded(result.run, 'admin');
  return { run: toAdminRun(result.run), credits: result.credits };
}

export async function runsSummary(db: Database): Promise<AdminRunsSummary> {
  const [groups, failures] = await Promise.all([repo.summarizeRecentRuns(db), repo.latestFailures(db)]);
  const round = (value: number | null) => (value === null ? null : Math.round(Number(value)));
  return {
    since: new Date(Date.now() - ADMIN_RUNS_SUMMARY_HOURS * 3_600_000).toISOString(),
    groups: groups.map((g) => {
      const finished = g.succeeded + g.failed;
      return {
        tool: g.tool,
        engine: g.engine,
        count: g.count,
        succeeded: g.succeeded,
        failed: g.failed,
        failureRate: finished ? g.failed / finished : null,
        p50Ms: round(g.p50),
        p95Ms: round(g.p95),
      };
    }),
    latestFailures: failures.map(({ run, email }) => ({ ...toAdminRun(run), email })),
  };
}

export async function audit(
  db: Database,
  cursorText: string | undefined,
  userId?: string,
): Promise<AdminAuditResponse> {
  const rows = await repo.listAudit(db, ADMIN_AUDIT_PAGE_SIZE + 1, decodeCursor(cursorText), userId);
  const page = rows.slice(0, ADMIN_AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(({ row, createdAtText }) => ({
      id: row.id,
      createdAt: new Date(createdAtText).toISOString(),
      via: row.via,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetUserId: row.targetUserId,
      targetEmail: row.targetEmail,
      runId: row.runId,
      reason: row.reason,
      before: row.before,
      after: row.after,
    })),
    nextCursor:
      rows.length > ADMIN_AUDIT_PAGE_SIZE && last
        ? encodeCursor({ createdAt: last.createdAtText, id: last.row.id })
        : null,
  };
}
