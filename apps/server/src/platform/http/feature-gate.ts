import { type Feature, hasFeature, requiredPlanFor } from '@atelier/contracts';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';

/** What a PLAN_REQUIRED answer says, in English (the SPA says it in the user's language). */
const FEATURE_NAMES: Record<Feature, string> = {
  tools: 'The tools',
  gallery: 'The gallery',
  referrals: 'Referrals',
  batches: 'Batches',
  apiKeys: 'API keys',
  webhooks: 'Webhooks',
  queuePriority: 'Queue priority',
  advancedOptions: 'Advanced tool options',
  experienceCodes: 'Experience codes',
  teams: 'Teams',
};

/** 403 PLAN_REQUIRED naming the cheapest plan that has the feature. */
export function planRequired(feature: Feature, detail?: string): AppError {
  const requiredPlan = requiredPlanFor(feature);
  const name = requiredPlan.charAt(0).toUpperCase() + requiredPlan.slice(1);
  return new AppError(
    'PLAN_REQUIRED',
    `${FEATURE_NAMES[feature]}${detail ? ` (${detail})` : ''} need the ${name} plan or higher: upgrade at /pricing`,
    { requiredPlan },
  );
}

/**
 * Refuses the request unless the caller's plan has the feature. The plan is the account's
 * effective plan now (modules/entitlements), asked through the request's `planOf`; for work in a
 * team (`teamId`), the plan of that workspace: a member has the team's plan's features there.
 */
export async function assertFeature(
  c: Context<AppEnv>,
  feature: Feature,
  { detail, teamId }: { detail?: string; teamId?: string } = {},
): Promise<void> {
  const userId = c.var.user.id;
  const plan = teamId ? await c.var.workspacePlanOf(userId, teamId) : await c.var.planOf(userId);
  if (!hasFeature(plan, feature)) throw planRequired(feature, detail);
}

/** The route's own gate (apiRoute's `feature`): after requireUser, before anything is read or charged. */
export const requireFeature = (feature: Feature) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await assertFeature(c, feature);
    await next();
  });
