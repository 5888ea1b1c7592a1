import { ENTITLEMENTS, higherPlan, isPlanId, type PlanId } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { findSubscription } from '../billing/repo.ts';
import { runningExperiencePassEnd } from '../referrals/redeem-code.ts';
import * as repo from './repo.ts';

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
  if ((await repo.findProfilePlan(db, userId)) === 'lifetime') return 'lifetime';
  let plan: PlanId = 'free';
  const subscription = await findSubscription(db, userId);
  if (
    subscription &&
    (subscription.status === 'active' || subscription.status === 'past_due') &&
    (!subscription.currentPeriodEnd || subscription.currentPeriodEnd > now)
  ) {
    plan = higherPlan(plan, subscription.plan);
  }
  if (await runningExperiencePassEnd(db, userId, now)) plan = higherPlan(plan, 'studio');
  for (const granted of await repo.listRunningGrantPlansOf(db, userId, now)) {
    if (isPlanId(granted)) plan = higherPlan(plan, granted);
  }
  return plan;
}

/** The pg-boss priority of an account's runs now: higher is fetched first (`queuePriority`). */
export async function runPriority(db: DbOrTx, userId: string): Promise<number> {
  return ENTITLEMENTS[await effectivePlan(db, userId)].limits.queuePriority;
}
