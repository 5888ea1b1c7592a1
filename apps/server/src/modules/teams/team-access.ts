import { hasFeature, higherPlan, type PlanId, type TeamRole } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { TeamRow } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import { planRequired } from '../../platform/http/feature-gate.ts';
import { effectivePlan } from '../entitlements/effective-plan.ts';
import * as repo from './repo.ts';

/**
 * Who may see what of a team: its members, by the membership row as it is now. Anyone else —
 * an outsider, someone removed a moment ago — is told the team does not exist (404).
 */

export interface Membership {
  team: TeamRow;
  role: TeamRole;
}

/** The team and the caller's role in it; NOT_FOUND to anyone who is not a member now. */
export async function membershipOf(db: DbOrTx, teamId: string, userId: string, lock = false): Promise<Membership> {
  const found = await repo.findMembership(db, teamId, userId, lock);
  if (!found) throw notFound('Team');
  return found;
}

/**
 * The plan a member works with inside the team: the better of their own and the owner's, while
 * the team works (a Free member of a Studio team batches in the team, not on their own). Not a
 * member, or a read-only team: their own plan (`own`, as the request already read it).
 */
export async function workspacePlan(db: DbOrTx, userId: string, teamId: string, own: PlanId): Promise<PlanId> {
  const found = await repo.findMembership(db, teamId, userId);
  if (!found) return own;
  const owner = await effectivePlan(db, found.team.ownerId);
  return hasFeature(owner, 'teams') ? higherPlan(own, owner) : own;
}

/** Whether the owner's plan has `teams` now; without it the team is read-only. */
export async function ownerPlanHasTeams(db: DbOrTx, team: TeamRow): Promise<boolean> {
  return hasFeature(await effectivePlan(db, team.ownerId), 'teams');
}

/** Refuses new work (runs, invitations, joins, funding) on a read-only team: 403 PLAN_REQUIRED. */
export async function assertTeamWritable(db: DbOrTx, team: TeamRow): Promise<void> {
  if (!(await ownerPlanHasTeams(db, team))) throw planRequired('teams', "the team owner's plan");
}

/** Owner and admins manage members; anyone else is refused (403). */
export function assertManager(role: TeamRole): void {
  if (role !== 'owner' && role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Only the team owner or an admin can do this');
  }
}

export function assertOwner(role: TeamRole): void {
  if (role !== 'owner') throw new AppError('FORBIDDEN', 'Only the team owner can do this');
}

/**
 * A team a run costing `cost` may be charged to: the caller is a member (404 otherwise), the
 * owner's plan has `teams` (403 PLAN_REQUIRED otherwise), and the run keeps the member within
 * their monthly cap (402 TEAM_MEMBER_CAP_REACHED otherwise). Called in the charge's transaction:
 * the team row is locked first, so concurrent runs of one member are counted one after the other
 * (each sees the ledger rows of those before it, a batch's earlier runs included).
 */
export async function assertRunChargeableToTeam(
  tx: DbOrTx,
  teamId: string,
  userId: string,
  cost: number,
): Promise<TeamRow> {
  const { team } = await membershipOf(tx, teamId, userId, true);
  await assertTeamWritable(tx, team);
  const cap = await repo.findMemberCap(tx, teamId, userId);
  if (cap !== null && (await spentThisMonth(tx, teamId, userId)) + cost > cap) {
    throw new AppError(
      'TEAM_MEMBER_CAP_REACHED',
      `This run would take you past your monthly limit of ${cap} credits in this team; nothing was charged`,
    );
  }
  return team;
}

/** Credits the member's team runs took from the pool this calendar month (UTC), net of refunds. */
export function spentThisMonth(db: DbOrTx, teamId: string, userId: string, now = new Date()): Promise<number> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return repo.countSpentSince(db, teamId, userId, since);
}
