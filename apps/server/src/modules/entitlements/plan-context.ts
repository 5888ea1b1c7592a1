import type { PlanId } from '@atelier/contracts';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../../platform/db/database.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { workspacePlan } from '../teams/team-access.ts';
import { effectivePlan } from './effective-plan.ts';

/**
 * Sets `planOf` for the request (the effective plan of an account, read once per request) and
 * `workspacePlanOf` (the plan in a team's workspace).
 */
export function planContext(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const known = new Map<string, Promise<PlanId>>();
    const planOf = (userId: string) => {
      let plan = known.get(userId);
      if (!plan) {
        plan = effectivePlan(db, userId);
        known.set(userId, plan);
      }
      return plan;
    };
    c.set('planOf', planOf);
    c.set('workspacePlanOf', async (userId, teamId) => workspacePlan(db, userId, teamId, await planOf(userId)));
    await next();
  };
}
