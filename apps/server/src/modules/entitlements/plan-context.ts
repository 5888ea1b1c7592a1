import type { PlanId } from '@atelier/contracts';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../../platform/db/database.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { effectivePlan } from './effective-plan.ts';

/** Sets `planOf` for the request: the effective plan of an account, read once per request. */
export function planContext(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const known = new Map<string, Promise<PlanId>>();
    c.set('planOf', (userId) => {
      let plan = known.get(userId);
      if (!plan) {
        plan = effectivePlan(db, userId);
        known.set(userId, plan);
      }
      return plan;
    });
    await next();
  };
}
