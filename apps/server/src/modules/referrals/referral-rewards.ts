import { PLANS, REFERRALS_FOR_LIFETIME, REFERRALS_FOR_PRO_MONTH, type ReferralRewardType } from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/database.ts';
import { profiles, referralRewards, referrals } from '../../platform/db/schema/index.ts';
import { makeLifetime } from '../billing/billing-repo.ts';
import { grantCredits } from '../credits/credits-service.ts';

/**
 * What each reward gives (ADR 0009). Plans without a provider subscription have no expiry
 * in Atelier, so "one month of Pro" is Pro's monthly credit allotment, for every referrer.
 * Lifetime is the lifetime plan (with its one-time allotment); a referrer who already is
 * Lifetime gets the credits alone, and a referrer's running subscription is cancelled.
 */
const REWARD_CREDITS: Record<ReferralRewardType, number> = {
  pro_month: PLANS.pro.monthlyCredits,
  lifetime: PLANS.lifetime.monthlyCredits,
};

/**
 * Marks the pending referral of `referredId` completed, counts it for the referrer and grants
 * the rewards the new count reaches. Called from the payment transaction whenever a payment
 * leaves the referred user on a paid plan; the pending → completed update happens once, so a
 * replayed payment finds nothing to do, and the rewards' unique key guards each grant again.
 */
export async function completeReferral(tx: Transaction, referredId: string): Promise<void> {
  const [completed] = await tx
    .update(referrals)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'pending')))
    .returning({ referrerId: referrals.referrerId });
  if (!completed) return;
  const [referrer] = await tx
    .update(profiles)
    .set({ referralCount: sql`${profiles.referralCount} + 1`, updatedAt: new Date() })
    .where(eq(profiles.userId, completed.referrerId))
    .returning({ referralCount: profiles.referralCount });
  if (!referrer) return;
  if (referrer.referralCount >= REFERRALS_FOR_PRO_MONTH) await grantReward(tx, completed.referrerId, 'pro_month');
  if (referrer.referralCount >= REFERRALS_FOR_LIFETIME) await grantReward(tx, completed.referrerId, 'lifetime');
}

async function grantReward(tx: Transaction, userId: string, rewardType: ReferralRewardType) {
  const [reward] = await tx
    .insert(referralRewards)
    .values({ userId, rewardType, rewardValue: REWARD_CREDITS[rewardType] })
    .onConflictDoNothing({ target: [referralRewards.userId, referralRewards.rewardType] })
    .returning({ id: referralRewards.id });
  if (!reward) return;
  await grantCredits(tx, {
    userId,
    amount: REWARD_CREDITS[rewardType],
    reason: 'referral',
    reference: reward.id,
    idempotencyKey: `referral-reward:${userId}:${rewardType}`,
  });
  // A running subscription is then cancelled at its provider once the payment commits
  // (BillingService.processCancelRequests, ADR 0009).
  if (rewardType === 'lifetime') await makeLifetime(tx, userId);
}
