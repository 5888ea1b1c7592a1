import { hasFeature, type TeamRole } from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { type TeamRow, teamMembers, teams } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import { planRequired } from '../../platform/http/feature-gate.ts';
import { effectivePlan } from '../entitlements/effective-plan.ts';

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
  const query = db
    .select({ team: teams, role: teamMembers.role })
    .from(teams)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teams.id, teamId));
  const [found] = lock ? await query.for('update', { of: teams }) : await query;
  if (!found) throw notFound('Team');
  return found;
}

/** SQL: `userId` is a member of the team in `teamIdColumn` now. */
export const isMemberOf = (teamIdColumn: unknown, userId: string) =>
  sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teamIdColumn} and ${teamMembers.userId} = ${userId})`;

/** Whether the owner's plan has `teams` now; without it the team is read-only. */
export async function teamWorks(db: DbOrTx, team: TeamRow): Promise<boolean> {
  return hasFeature(await effectivePlan(db, team.ownerId), 'teams');
}

/** Refuses new work (runs, invitations, joins, funding) on a read-only team: 403 PLAN_REQUIRED. */
export async function assertTeamWorks(db: DbOrTx, team: TeamRow): Promise<void> {
  if (!(await teamWorks(db, team))) throw planRequired('teams', "the team owner's plan");
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
 * A team a run may be charged to: the caller is a member (404 otherwise) and the owner's plan
 * has `teams` (403 PLAN_REQUIRED otherwise).
 */
export async function teamForRun(db: DbOrTx, teamId: string, userId: string): Promise<TeamRow> {
  const { team } = await membershipOf(db, teamId, userId);
  await assertTeamWorks(db, team);
  return team;
}
