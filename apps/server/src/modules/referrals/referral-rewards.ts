import { PLANS, REFERRALS_FOR_LIFETIME, REFERRALS_FOR_PRO_MONTH, type ReferralRewardType } from '@atelier/contracts';
import { and, eq, exists, gt, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/database.ts';
import { authUsers, orders, profiles, referralRewards, referrals } from '../../platform/db/schema/index.ts';
import { makeLifetime } from '../billing/repo.ts';
import { grantCredits } from '../credits/service.ts';
import { grantPlan, REFERRAL_PRO_MONTH_DAYS } from '../entitlements/plan-grants.ts';

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
 * - the friend paid a non-zero amount after discounts (a paid order with `amount > 0`, the
 *   amount the provider charged): a reward is not bought with a free checkout;
 * - the friend's plan is not free: a referral earns nothing while the friend is on Free.
 * Called whenever one of these may have become true: in the payment's transaction, and when
 * the friend's e-mail is verified — so it completes at whichever comes last. The
 * pending → completed update happens once, so a replayed payment or a second call finds
 * nothing to do, and the rewards' unique key guards each grant again.
 */
export async function completeReferralIfEarned(tx: Transaction, referredId: string): Promise<void> {
  const [earned] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .innerJoin(authUsers, eq(authUsers.id, referrals.referredId))
    .innerJoin(profiles, eq(profiles.userId, referrals.referredId))
    .where(
      and(
        eq(referrals.referredId, referredId),
        eq(referrals.status, 'pending'),
        eq(authUsers.emailVerified, true),
        ne(profiles.subscriptionType, 'free'),
        exists(
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.userId, referredId), eq(orders.status, 'paid'), gt(orders.amount, 0))),
        ),
      ),
    );
  if (!earned) return;
  const [completed] = await tx
    .update(referrals)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(referrals.id, earned.id), eq(referrals.status, 'pending')))
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
