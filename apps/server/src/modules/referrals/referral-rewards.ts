import { PLANS, REFERRALS_FOR_LIFETIME, REFERRALS_FOR_PRO_MONTH, type ReferralRewardType } from '@atelier/contracts';
import type { Transaction } from '../../platform/db/database.ts';
import { makeLifetime } from '../billing/repo.ts';
import { grantCredits } from '../credits/service.ts';
import { grantPlan, REFERRAL_PRO_MONTH_DAYS } from '../entitlements/plan-grants.ts';
import * as repo from './repo.ts';

/**
 * What each reward gives (ADR 0009, 0030): "one month of Pro" is Pro's monthly credit allotment
 * and Pro's entitlements for REFERRAL_PRO_MONTH_DAYS (a plan grant), for every referrer.
 * Lifetime is the lifetime plan (with its one-time allotment); a referrer who already is
 * Lifetime gets the credits alone, and a referrer's running subscription is cancelled.
 */
const REWARD_CREDITS: Record<ReferralRewardType, number> = {
  pro_month: PLANS.pro.monthlyCredits,
  lifetime: PLANS.lifetime.monthlyCredits,
};

/**
 * Completes the pending referral of `referredId` once it is earned (ADR 0009, 0028), counts it
 * for the referrer and grants the rewards the new count reaches. Earned means all of:
 * - the friend's e-mail address is verified (`auth_users.email_verified`): a referral is a
 *   person, not an address typed into a form;
 * - the friend paid a full price (a paid order with `amount > 0`, the amount the provider
 *   charged, and no discount code taken off): a reward is not bought with a free or a
 *   discounted checkout — a friend's discount code would otherwise mint rewards at 0.50 each;
 * - the friend's plan is not free: a referral earns nothing while the friend is on Free.
 * Called whenever one of these may have become true: in the payment's transaction, and when
 * the friend's e-mail is verified — so it completes at whichever comes last. The
 * pending → completed update happens once, so a replayed payment or a second call finds
 * nothing to do, and the rewards' unique key guards each grant again.
 */
export async function completeReferralIfEarned(tx: Transaction, referredId: string): Promise<void> {
  const earned = await repo.findEarnedReferralOf(tx, referredId);
  if (!earned) return;
  const referrerId = await repo.updateReferralCompleted(tx, earned.id);
  if (!referrerId) return;
  const referralCount = await repo.updateReferralCount(tx, referrerId);
  if (referralCount === undefined) return;
  if (referralCount >= REFERRALS_FOR_PRO_MONTH) await grantReward(tx, referrerId, 'pro_month');
  if (referralCount >= REFERRALS_FOR_LIFETIME) await grantReward(tx, referrerId, 'lifetime');
}

async function grantReward(tx: Transaction, userId: string, rewardType: ReferralRewardType) {
  const rewardId = await repo.insertReferralReward(tx, { userId, rewardType, rewardValue: REWARD_CREDITS[rewardType] });
  if (!rewardId) return;
  await grantCredits(tx, {
    userId,
    amount: REWARD_CREDITS[rewardType],
    reason: 'referral',
    reference: rewardId,
    idempotencyKey: `referral-reward:${userId}:${rewardType}`,
  });
  // A running subscription is then cancelled at its provider once the payment commits
  // (processCancelRequests in billing/service.ts, ADR 0009).
  if (rewardType === 'lifetime') await makeLifetime(tx, userId);
  // A month of Pro is Pro's entitlements for a month as well as its credits (ADR 0032).
  else
    await grantPlan(tx, {
      userId,
      plan: 'pro',
      source: 'referral',
      reason: 'referral reward',
      days: REFERRAL_PRO_MONTH_DAYS,
    });
}
