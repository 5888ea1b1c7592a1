import { type Feature, hasFeature, higherPlan, type PlanId } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/index.ts';
import { meQuery } from '../profile/index.ts';
import { useWorkspaceTeam } from '../teams/index.ts';

/**
 * What the signed-in user's plan allows (`GET /api/me`, decided by the server), so a page can
 * show a lock before an action rather than an error after it. In a team's workspace it is the
 * better of their own and the team's plan, as the server judges team runs. `has` is undefined
 * while unknown (loading, signed out): nothing is locked on a guess — the server decides anyway.
 */
export function useEntitlements(): { plan: PlanId | undefined; has: (feature: Feature) => boolean | undefined } {
  const session = useSession();
  const query = useQuery({ ...meQuery, enabled: session.status === 'signed-in', select: (me) => me.plan });
  const team = useWorkspaceTeam();
  const own = session.status === 'signed-in' ? query.data : undefined;
  const plan = own && team && !team.readOnly ? higherPlan(own, team.plan) : own;
  return { plan, has: (feature) => (plan === undefined ? undefined : hasFeature(plan, feature)) };
}
