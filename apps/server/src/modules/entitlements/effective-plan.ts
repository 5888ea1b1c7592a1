import { ENTITLEMENTS, higherPlan, isPlanId, type PlanId } from '@atelier/contracts';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { planGrants, profiles, subscriptions } from '../../platform/db/schema/index.ts';
import { runningExperiencePassEnd } from '../referrals/redeem-code.ts';

/**
 * The plan an account has right now (ADR 0032): the best of every way to hold one, all equal —
 * - Lifetime, bought or earned by referrals (profiles.subscription_type, never taken away);
 * - a subscription that still gives access (active or being retried, its period not over);
 * - a running seven-day experience pass (Studio);
 * - a running plan grant (an admin's, or a referral reward's month of Pro).
 * Each is read as it is now, so a plan that ended or was downgraded loses its features at once,
 * with nothing to undo, and a new one brings them back the same way.
 */
export async function effectivePlan(db: DbOrTx, userId: string, now = new Date()): Promise<PlanId> {
  const [profile] = await db
    .select({ plan: profiles.subscriptionType })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (profile?.plan === 'lifetime') return 'lifetime';
  let plan: PlanId = 'free';
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (
    subscription &&
    (subscription.status === 'active' || subscription.status === 'past_due') &&
    (!subscription.currentPeriodEnd || subscription.currentPeriodEnd > now)
  ) {
    plan = higherPlan(plan, subscription.plan);
  }
  if (await runningExperiencePassEnd(db, userId, now)) plan = higherPlan(plan, 'studio');
  const grants = await db
    .select({ plan: planGrants.plan })
    .from(planGrants)
    .where(and(eq(planGrants.userId, userId), or(isNull(planGrants.endsAt), gt(planGrants.endsAt, now))));
  for (const grant of grants) if (isPlanId(grant.plan)) plan = higherPlan(plan, grant.plan);
  return plan;
}

/** The pg-boss priority of an account's runs now: higher is fetched first (`queuePriority`). */
export async function runPriority(db: DbOrTx, userId: string): Promise<number> {
  return ENTITLEMENTS[await effectivePlan(db, userId)].limits.queuePriority;
}
