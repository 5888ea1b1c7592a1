import {
  type InvitationCode,
  REFERRAL_CODE_COOKIE,
  type RedeemInvitationCodeResponse,
  type ReferralsResponse,
  type SubscriptionStatus,
} from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { recordReferral } from '../../src/modules/referrals/record-referral.ts';
import {
  invitationCodeRedemptions,
  invitationCodes,
  profiles,
  referralRewards,
  referrals,
  subscriptions,
} from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import {
  callApi,
  cookieOf,
  postJson,
  signUpTestUser,
  signUpVerifiedUser,
  type TestUser,
  verifyTestUser,
} from '../support/users.ts';

let counter = 0;

describeOnEachDatabase('referrals and invitation codes', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  const call = <T>(user: TestUser, path: string, body?: unknown) => callApi<T>(rt, user, path, body);
  const overview = async (user: TestUser) => (await call<ReferralsResponse>(user, '/api/referrals')).body;

  /**
   * Signs a friend up as the SPA does after `/login?ref=CODE` (the code rides in a cookie), or
   * as an API client does (in the body).
   */
  const signUpReferred = async (code: string, via: 'cookie' | 'body' = 'cookie'): Promise<TestUser> => {
    const email = `friend${Date.now()}${++counter}@example.com`;
    const password = 'correct horse battery';
    const res = await rt.request(
      '/api/auth/sign-up/email',
      via === 'cookie'
        ? postJson({ email, password, name: 'friend' }, { cookie: `${REFERRAL_CODE_COOKIE}=${code}` })
        : postJson({ email, password, name: 'friend', referralCode: code }),
    );
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    // A referral counts for a verified friend only (ADR 0028; coupon-abuse.test.ts has the rest).
    return verifyTestUser(rt, { userId: user.id, email, password, cookie: cookieOf(res) });
  };
  const setPlan = (user: TestUser, plan: string) =>
    rt.database.db.update(profiles).set({ subscriptionType: plan }).where(eq(profiles.userId, user.userId));

  it('records one pending referral when a friend signs up through the link; ignores unknown and own codes', async () => {
    const referrer = await signUpTestUser(rt);
    const { referralCode, referralLink, progress } = await overview(referrer);
    expect(referralLink).toBe(`${rt.config.publicUrl}/login?ref=${referralCode}`);
    expect(progress).toEqual({ count: 0, target: 1, nextReward: 'pro_month' });

    const friend = await signUpReferred(referralCode.toLowerCase());
    const [friendProfile] = await rt.database.db.select().from(profiles).where(eq(profiles.userId, friend.userId));
    expect(friendProfile?.referredBy).toBe(referrer.userId);
    const { history } = await overview(referrer);
    expect(history).toEqual([
      expect.objectContaining({ referredName: friend.email.split('@')[0], status: 'pending', completedAt: null }),
    ]);

    const stranger = await signUpReferred('NOSUCHCD', 'body');
    const [strangerProfile] = await rt.database.db.select().from(profiles).where(eq(profiles.userId, stranger.userId));
    expect(strangerProfile?.referredBy).toBeNull();
    await recordReferral(rt.database.db, referrer.userId, referralCode);
    const rows = await rt.database.db.select().from(referrals).where(eq(referrals.referrerId, referrer.userId));
    expect(rows).toHaveLength(1);

    // A code in the sign-up body counts the same as the SPA's cookie.
    await signUpReferred(referralCode, 'body');
    expect((await overview(referrer)).history).toHaveLength(2);
  });

  it('gives experience codes to Studio only, three a month, and discount codes to anyone', async () => {
    const free = await signUpTestUser(rt);
    const refused = await call(free, '/api/referrals/invitation-codes', { codeType: 'experience_7day' });
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    const discount = await call<InvitationCode>(free, '/api/referrals/invitation-codes', {
      codeType: 'discount_new_user',
    });
    expect(discount.status).toBe(201);
    expect(discount.body).toMatchObject({
      codeType: 'discount_new_user',
      discountAmount: 990,
      discountCurrency: 'usd',
      currentUses: 0,
      maxUses: 1,
      isActive: true,
    });
    expect(discount.body.code).toMatch(/^[A-Z0-9]{8}$/);
    const days = (new Date(discount.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const studio = await signUpTestUser(rt);
    await setPlan(studio, 'studio');
    for (let i = 0; i < 3; i++) {
      const made = await call<InvitationCode>(studio, '/api/referrals/invitation-codes', {
        codeType: 'experience_7day',
      });
      expect(made.status).toBe(201);
      expect(made.body.code).toMatch(/^[A-Z0-9]{8}$/);
    }
    const fourth = await call(studio, '/api/referrals/invitation-codes', { codeType: 'experience_7day' });
    expect([fourth.status, fourth.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    const { invitationCodes, canCreateExperienceCodes } = await overview(studio);
    expect(canCreateExperienceCodes).toBe(true);
    expect(invitationCodes).toHaveLength(3);
    expect(invitationCodes.every((c) => c.isActive && c.codeType === 'experience_7day')).toBe(true);
  });

  /** Pays a Pro monthly checkout on the sandbox page; answers the page's pay address. */
  const payPro = async (user: TestUser) => {
    const checkout = await call<{ url: string }>(user, '/api/billing/checkout', {
      planId: 'pro',
      billingCycle: 'monthly',
      language: 'en',
    });
    expect(checkout.status).toBe(200);
    const pay = `${new URL(checkout.body.url).pathname}/pay`;
    expect((await rt.request(pay, { method: 'POST' })).status).toBe(303);
    return pay;
  };

  it('completes the referral and grants the reward once when the friend pays', async () => {
    const referrer = await signUpTestUser(rt);
    const friend = await signUpReferred((await overview(referrer)).referralCode);
    const pay = await payPro(friend);
    // The provider tells us again: nothing more happens.
    expect((await rt.request(pay, { method: 'POST' })).status).toBe(303);

    const after = await overview(referrer);
    expect(after.progress).toEqual({ count: 1, target: 3, nextReward: 'lifetime' });
    expect(after.history).toEqual([expect.objectContaining({ status: 'completed' })]);
    expect(after.rewards).toEqual([expect.objectContaining({ rewardType: 'pro_month', rewardValue: 400 })]);
    const rewards = await rt.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.userId, referrer.userId));
    expect(rewards).toHaveLength(1);
    expect(await getCreditBalance(rt.database.db, referrer.userId)).toBe(30 + 400);
  });

  it('makes the referrer Lifetime at three paying friends', async () => {
    const referrer = await signUpTestUser(rt);
    const { referralCode } = await overview(referrer);
    for (let i = 0; i < 3; i++) await payPro(await signUpReferred(referralCode));
    const { progress, rewards } = await overview(referrer);
    expect(progress).toEqual({ count: 3, target: 3, nextReward: 'lifetime' });
    expect(rewards.map((r) => r.rewardType)).toEqual(['pro_month', 'lifetime']);
    const [profile] = await rt.database.db.select().from(profiles).where(eq(profiles.userId, referrer.userId));
    expect(profile?.subscriptionType).toBe('lifetime');
    expect(profile?.credits).toBe(30 + 400 + 1500);
  });

  it("sets a paying referrer's subscription to end when the third friend makes them Lifetime", async () => {
    const referrer = await signUpTestUser(rt);
    await payPro(referrer);
    const { referralCode } = await overview(referrer);
    const row = async () =>
      (await rt.database.db.select().from(subscriptions).where(eq(subscriptions.userId, referrer.userId)))[0];
    for (let i = 0; i < 2; i++) await payPro(await signUpReferred(referralCode));
    expect(await row()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, cancelRequestedAt: null });
    await payPro(await signUpReferred(referralCode));
    expect(await row()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, cancelRequestedAt: null });
    const status = (await call<SubscriptionStatus>(referrer, '/api/billing/subscription')).body;
    expect(status).toMatchObject({ subscribed: true, subscription_tier: 'Lifetime' });
  });
  it('redeems an experience code once: seven days of Studio and its credits for a new free account', async () => {
    const studio = await signUpVerifiedUser(rt);
    await setPlan(studio, 'studio');
    const makeCode = async () =>
      (await call<InvitationCode>(studio, '/api/referrals/invitation-codes', { codeType: 'experience_7day' })).body
        .code;
    const code = await makeCode();
    const redeem = (user: TestUser, c: string) =>
      call<RedeemInvitationCodeResponse>(user, '/api/referrals/redeem', { code: c });

    expect((await redeem(studio, code)).status).toBe(403); // own code
    // Before the address is proven a code is not redeemed (the account may be a stranger's claim).
    const unverified = await signUpTestUser(rt);
    const early = await redeem(unverified, code);
    expect([early.status, early.body.error?.code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
    const friend = await signUpVerifiedUser(rt);
    const unknown = await redeem(friend, 'NOSUCHCD');
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    const discount = await call<InvitationCode>(friend, '/api/referrals/invitation-codes', {
      codeType: 'discount_new_user',
    });
    expect((await redeem(studio, discount.body.code)).status).toBe(404); // not an experience code

    const done = await redeem(friend, code.toLowerCase());
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ codeType: 'experience_7day', plan: 'studio', credits: 1500 });
    expect(Math.round((new Date(done.body.endsAt).getTime() - Date.now()) / 86_400_000)).toBe(7);
    expect(await getCreditBalance(rt.database.db, friend.userId)).toBe(30 + 1500);
    const status = (await call<SubscriptionStatus>(friend, '/api/billing/subscription')).body;
    expect(status).toMatchObject({ subscribed: true, subscription_tier: 'Studio', subscription_end: done.body.endsAt });
    const [row] = await rt.database.db.select().from(invitationCodes).where(eq(invitationCodes.code, code));
    expect(row?.currentUses).toBe(1);
    expect((await overview(studio)).invitationCodes.find((c) => c.code === code)?.isActive).toBe(false);

    // Used up for anyone else; a second code for the same friend is refused.
    const other = await signUpVerifiedUser(rt);
    const usedUp = await redeem(other, code);
    expect([usedUp.status, usedUp.body.error?.code]).toEqual([409, 'CONFLICT']);
    const second = await makeCode();
    expect((await redeem(friend, second)).status).toBe(403);
    expect(await getCreditBalance(rt.database.db, friend.userId)).toBe(30 + 1500);

    // Accounts older than seven days, and paying ones, are not eligible; expired codes are refused.
    const old = await signUpVerifiedUser(rt);
    await rt.database.db
      .update(profiles)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(profiles.userId, old.userId));
    expect((await redeem(old, second)).status).toBe(403);
    const pro = await signUpVerifiedUser(rt);
    await setPlan(pro, 'pro');
    expect((await redeem(pro, second)).status).toBe(403);
    await rt.database.db
      .update(invitationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitationCodes.code, second));
    const expired = await redeem(other, second);
    expect([expired.status, expired.body.error?.code]).toEqual([409, 'CONFLICT']);
    const [secondRow] = await rt.database.db.select().from(invitationCodes).where(eq(invitationCodes.code, second));
    expect(secondRow?.currentUses).toBe(0);
  });

  it('ends the experience pass by itself after seven days', async () => {
    const studio = await signUpTestUser(rt);
    await setPlan(studio, 'studio');
    const { code } = (
      await call<InvitationCode>(studio, '/api/referrals/invitation-codes', {
        codeType: 'experience_7day',
      })
    ).body;
    const friend = await signUpVerifiedUser(rt);
    expect((await call(friend, '/api/referrals/redeem', { code })).status).toBe(200);
    await rt.database.db
      .update(invitationCodeRedemptions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(invitationCodeRedemptions.userId, friend.userId));
    const status = (await call<SubscriptionStatus>(friend, '/api/billing/subscription')).body;
    expect(status).toMatchObject({ subscribed: false, subscription_tier: 'Free', subscription_end: null });
  });
});
