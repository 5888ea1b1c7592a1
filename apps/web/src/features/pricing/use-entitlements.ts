import { type Feature, hasFeature, type PlanId } from '@atelier/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../lib/api-client.ts';
import { useSession } from '../auth/index.ts';

export const ENTITLEMENTS_QUERY_KEY = ['entitlements'] as const;

/** The caller's effective plan and what it gives (`GET /api/me`, decided by the server). */
export const entitlementsQuery = queryOptions({
  queryKey: ENTITLEMENTS_QUERY_KEY,
  queryFn: async () => {
    const { plan, entitlements } = await call(api.GET('/me'));
    return { plan, entitlements };
  },
});

/**
 * What the signed-in user's plan allows, so a page can show a lock before an action rather than
 * an error after it. `has` is undefined while unknown (loading, signed out): nothing is locked
 * on a guess — the server decides anyway.
 */
export function useEntitlements(): { plan: PlanId | undefined; has: (feature: Feature) => boolean | undefined } {
  const session = useSession();
  const query = useQuery({ ...entitlementsQuery, enabled: session.status === 'signed-in' });
  const plan = session.status === 'signed-in' ? query.data?.plan : undefined;
  return { plan, has: (feature) => (plan === undefined ? undefined : hasFeature(plan, feature)) };
}
