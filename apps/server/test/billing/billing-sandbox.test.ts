import {
  type DiscountCheckResponse,
  type InvitationCode,
  type OrdersResponse,
  PLAN_CHANGE_QUOTE_MINUTES,
  type PlanChangePreview,
  type PlansResponse,
  type ReferralsResponse,
  type SubscriptionStatus,
} from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import {
  invitationCodeRedemptions,
  invitationCodes,
  profiles,
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

describeOnEachDatabase('billing with the sandbox provider', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  const call = <T>(user: TestUser | null, path: string, body?: unknown) => callApi<T>(rt, user, path, body);
  const plans = async (language: string) =>
    (await call<PlansResponse>(null, `/api/billing/plans?language=${language}`)).body;
  const price = (p: PlansResponse, plan: string, cycle: 'monthly' | 'yearly' | 'lifetime') =>
    p.plans.find((x) => x.id === plan)?.prices[cycle]?.amount;

  /** Follows a checkout URL to the sandbox page and presses a button; answers the redirect. */
  const press = async (url: string, button: 'pay' | 'cancel') => {
    const page = await rt.request(new URL(url).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('SANDBOX');
    const res = await rt.request(`${new URL(url).pathname}/${button}`, { method: 'POST' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  };

  const buy = async (user: TestUser, path: string, body: unknown) => {
    const checkout = await call<{ url: string }>(user, path, body);
    expect(checkout.status).toBe(200);
    const back = await press(checkout.body.url, 'pay');
    expect(back.pathname).toBe('/payment-success');
    return back.searchParams.get('session_id')!;
  };

  it('reports the price table per language and 1000 lifetime slots to visitors', async () => {
    const en = await plans('en');
    expect(en.currency).toBe('usd');
    expect([price(en, 'pro', 'monthly'), price(en, 'studio', 'monthly')]).toEqual([2.99, 7.99]);
    expect([price(en, 'pro', 'yearly'), price(en, 'studio', 'yearly')]).toEqual([29, 79]);
    expect(en.plans.find((p) => p.id === 'lifetime')?.prices.lifetime).toEqual({
      amount: 39,
      original: 149,
      percentOff: 73,
    });
    expect(en.lifetimeSlots).toEqual({ total: 1000, remaining: 1000 });
    const cn = await plans('zh-CN');
    expect([cn.currency, price(cn, 'pro', 'monthly'), price(cn, 'studio', 'monthly')]).toEqual(['cny', 18, 58]);
    // 500 or more lifetime slots left: the yuan lifetime price is 298 (198 below that).
    expect(price(cn, 'lifetime', 'lifetime')).toBe(298);
    const tw = await plans('zh-TW');
    expect([tw.currency, price(tw, 'pro', 'monthly'), price(tw, 'studio', 'monthly')]).toEqual(['hkd', 19, 59]);
    expect(tw.plans.find((p) => p.id === 'lifetime')?.prices.lifetime?.original).toBe(999);
    // Japanese pays in US dollars: there is no yen table, and HK$ is Traditional Chinese's.
    expect((await plans('ja')).currency).toBe('usd');
    const doc = (await (await rt.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/billing/plans', '/billing/checkout']));
  });

  it('asks visitors to sign in before a checkout', async () => {
    const res = await call(null, '/api/billing/checkout', { planId: 'pro', billingCycle: 'monthly', language: 'en' });
    expect(res.status).toBe(401);
  });

  it('takes a Pro monthly checkout through the test page to a verified, credited subscription', async () => {
    const user = await signUpTestUser(rt);
    const sessionId = await buy(user, '/api/billing/checkout', {
      planId: 'pro',
      billingCycle: 'monthly',
      language: 'en',
    });

    // The payment-success page names what was bought, from the caller's own order.
    expect((await call(user, '/api/billing/verify', { sessionId })).body).toEqual({
      verified: true,
      order: { plan: 'pro', billingCycle: 'monthly', amount: 299, currency: 'usd', credits: 400 },
    });
    const status = (await call<SubscriptionStatus>(user, '/api/billing/subscription')).body;
    expect(status).toMatchObject({ subscribed: true, subscription_tier: 'Pro', billing_cycle: 'monthly' });
    expect(new Date(status.subscription_end!).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30 + 400);
    const { orders } = (await call<OrdersResponse>(user, '/api/billing/orders')).body;
    expect(orders).toEqual([
      expect.objectContaining({ plan: 'pro', billingCycle: 'monthly', amount: 299, currency: 'USD', status: 'paid' }),
    ]);

    // Verifying again, paying again and syncing grant nothing more.
    await call(user, '/api/billing/verify', { sessionId });
    const again = await rt.request(`/billing/sandbox/checkout/${sessionId}/pay`, { method: 'POST' });
    expect(again.status).toBe(303);
    expect((await call<{ updated: number }>(user, '/api/billing/orders/sync', {})).body).toEqual({ updated: 0 });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(430);

    // The current plan, or a new checkout while subscribed, is refused.
    const same = await call(user, '/api/billing/checkout', { planId: 'pro', billingCycle: 'yearly', language: 'en' });
    expect([same.status, same.body.error?.code]).toEqual([409, 'ALREADY_SUBSCRIBED']);
    const other = await call(user, '/api/billing/checkout', {
      planId: 'studio',
      billingCycle: 'monthly',
      language: 'en',
    });
    expect(other.body.error?.code).toBe('ALREADY_SUBSCRIBED');

    // Upgrading grants the difference of the allotments and records the prorated charge.
    const upgrade = await call(user, '/api/billing/upgrade', {
      planId: 'studio',
      billingCycle: 'monthly',
      language: 'en',
    });
    expect(upgrade).toEqual({ status: 200, body: { success: true } });
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body.subscription_tier).toBe('Studio');
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(430 + 1100);
    const after = (await call<OrdersResponse>(user, '/api/billing/orders')).body.orders;
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ plan: 'studio', status: 'paid' });
    expect(after[0]!.amount).toBeGreaterThan(400); // ≈ 7.99 − 2.99 for (almost) the whole month

    const canceled = await call<SubscriptionStatus>(user, '/api/billing/subscription/cancel', {});
    expect(canceled.body).toMatchObject({ subscribed: true, cancel_at_period_end: true });
  });

  it('previews a mid-period Pro to Studio change at its prorated amount, charging nothing until confirmed', async () => {
    const user = await signUpTestUser(rt);
    await buy(user, '/api/billing/checkout', { planId: 'pro', billingCycle: 'monthly', language: 'en' });
    // Halfway through: the period ends in 15 days.
    const periodEnd = new Date(Date.now() + 15 * 86_400_000);
    await rt.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: periodEnd })
      .where(eq(subscriptions.userId, user.userId));
    const body = { planId: 'studio', billingCycle: 'monthly', language: 'ja' };

    const preview = await call<PlanChangePreview>(user, '/api/billing/change-preview', body);
    expect(preview.status).toBe(200);
    // The subscription's own currency (bought in English, so US dollars) and its period's end.
    expect(preview.body).toMatchObject({
      planId: 'studio',
      billingCycle: 'monthly',
      currency: 'usd',
      credits: 1100,
      nextRenewal: periodEnd.toISOString(),
    });
    // (7.99 − 2.99) for the unused 15 days of the month.
    const periodMs = periodEnd.getTime() - new Date(periodEnd).setUTCMonth(periodEnd.getUTCMonth() - 1);
    expect(Math.abs(preview.body.amountDue - Math.round((500 * 15 * 86_400_000) / periodMs))).toBeLessThanOrEqual(1);

    // The preview charged and changed nothing.
    expect((await call<OrdersResponse>(user, '/api/billing/orders')).body.orders).toHaveLength(1);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(430);
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body.subscription_tier).toBe('Pro');

    // A confirmation of a preview older than the quote holds is refused, and charges nothing.
    const stale = new Date(Date.parse(preview.body.prorationDate) - (PLAN_CHANGE_QUOTE_MINUTES + 1) * 60_000);
    const expired = await call(user, '/api/billing/upgrade', { ...body, prorationDate: stale.toISOString() });
    expect([expired.status, expired.body.error?.code]).toEqual([409, 'PLAN_CHANGE_QUOTE_EXPIRED']);
    expect((await call<OrdersResponse>(user, '/api/billing/orders')).body.orders).toHaveLength(1);

    // Confirming with the preview's moment charges exactly what the preview said.
    const confirm = { ...body, prorationDate: preview.body.prorationDate };
    expect((await call(user, '/api/billing/upgrade', confirm)).status).toBe(200);
    const [charged] = (await call<OrdersResponse>(user, '/api/billing/orders')).body.orders;
    expect(charged).toMatchObject({ plan: 'studio', currency: 'USD' });
    expect(charged!.amount).toBe(preview.body.amountDue);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(430 + 1100);

    const again = await call(user, '/api/billing/change-preview', body);
    expect([again.status, again.body.error?.code]).toEqual([409, 'ALREADY_SUBSCRIBED']);
  });

  it('refuses an upgrade or its preview without a subscription', async () => {
    const user = await signUpTestUser(rt);
    const preview = await call(user, '/api/billing/change-preview', { planId: 'studio', billingCycle: 'monthly' });
    expect([preview.status, preview.body.error?.code]).toEqual([409, 'NO_ACTIVE_SUBSCRIPTION']);
    const res = await call(user, '/api/billing/upgrade', { planId: 'studio', billingCycle: 'monthly', language: 'en' });
    expect([res.status, res.body.error?.code]).toEqual([409, 'NO_ACTIVE_SUBSCRIPTION']);
  });

  it('leaves a cancelled checkout unpaid and out of the history', async () => {
    const user = await signUpTestUser(rt);
    const checkout = await call<{ url: string }>(user, '/api/billing/checkout', {
      planId: 'studio',
      billingCycle: 'yearly',
      language: 'zh-TW',
    });
    const back = await press(checkout.body.url, 'cancel');
    expect(back.pathname).toBe('/pricing');
    const sessionId = new URL(checkout.body.url).pathname.split('/').pop()!;
    expect((await call<{ verified: boolean }>(user, '/api/billing/verify', { sessionId })).body.verified).toBe(false);
    expect((await call<OrdersResponse>(user, '/api/billing/orders')).body.orders).toEqual([]);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
  });

  it('sells lifetime once per member and counts the slots from paid orders', async () => {
    const user = await signUpTestUser(rt);
    const sessionId = await buy(user, '/api/billing/lifetime', { language: 'zh-CN' });
    expect((await call<{ verified: boolean }>(user, '/api/billing/verify', { sessionId })).body.verified).toBe(true);
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body).toMatchObject({
      subscribed: true,
      subscription_tier: 'Lifetime',
      subscription_end: null,
    });
    const [order] = (await call<OrdersResponse>(user, '/api/billing/orders')).body.orders;
    expect(order).toMatchObject({ plan: 'lifetime', amount: 29800, currency: 'CNY', status: 'paid' });
    expect((await plans('en')).lifetimeSlots).toEqual({ total: 1000, remaining: 999 });

    const again = await call(user, '/api/billing/lifetime', { language: 'en' });
    expect([again.status, again.body.error?.code]).toEqual([409, 'ALREADY_SUBSCRIBED']);
    const checkout = await call(user, '/api/billing/checkout', {
      planId: 'pro',
      billingCycle: 'monthly',
      language: 'en',
    });
    expect(checkout.body.error?.code).toBe('ALREADY_SUBSCRIBED');
  });

  it('does not verify a session of another user', async () => {
    const owner = await signUpTestUser(rt);
    const sessionId = await buy(owner, '/api/billing/checkout', {
      planId: 'pro',
      billingCycle: 'monthly',
      language: 'en',
    });
    const stranger = await signUpTestUser(rt);
    expect((await call<{ verified: boolean }>(stranger, '/api/billing/verify', { sessionId })).body.verified).toBe(
      false,
    );
    expect((await call<OrdersResponse>(stranger, '/api/billing/orders')).body.orders).toEqual([]);
  });

  it('has no Stripe webhook or portal while payments run on the sandbox', async () => {
    expect((await rt.request('/api/billing/webhooks/stripe', { method: 'POST', body: '{}' })).status).toBe(404);
    const user = await signUpTestUser(rt);
    await buy(user, '/api/billing/checkout', { planId: 'pro', billingCycle: 'monthly', language: 'en' });
    expect((await call(user, '/api/billing/portal', {})).status).toBe(409);
  });

  describe('new-user discount codes', () => {
    /** A friend signed up through `referrer`'s referral code (as an API client sends it). */
    const signUpReferredBy = async (referrer: TestUser): Promise<TestUser> => {
      const { referralCode } = (await call<ReferralsResponse>(referrer, '/api/referrals')).body;
      const email = `referred${Date.now()}${++counter}@example.com`;
      const password = 'correct horse battery';
      const res = await rt.request(
        '/api/auth/sign-up/email',
        postJson({ email, password, name: 'referred', referralCode }),
      );
      expect(res.status).toBe(200);
      const { user } = (await res.json()) as { user: { id: string } };
      // Discount codes are for accounts whose address is proven.
      return verifyTestUser(rt, { userId: user.id, email, password, cookie: cookieOf(res) });
    };
    const newDiscountCode = async (creator: TestUser) => {
      const made = await call<InvitationCode>(creator, '/api/referrals/invitation-codes', {
        codeType: 'discount_new_user',
      });
      expect(made.status).toBe(201);
      return made.body.code;
    };
    const codeRow = async (code: string) =>
      (await rt.database.db.select().from(invitationCodes).where(eq(invitationCodes.code, code)))[0]!;
    const check = (user: TestUser, code: string, language = 'en') =>
      call<DiscountCheckResponse>(user, '/api/billing/discount-codes/check', { code, language });
    const proMonthly = (discountCode?: string, language = 'en') => ({
      planId: 'pro',
      billingCycle: 'monthly',
      language,
      ...(discountCode ? { discountCode } : {}),
    });

    it("takes a friend's 9.90 off a referred user's first payment and counts the use once", async () => {
      const referrer = await signUpTestUser(rt);
      const code = await newDiscountCode(referrer);
      const friend = await signUpReferredBy(referrer);

      expect(await check(friend, code.toLowerCase())).toEqual({
        status: 200,
        body: { code, amountOff: 990, currency: 'usd' },
      });
      // Checking is not using: the code is still unused.
      expect((await codeRow(code)).currentUses).toBe(0);

      const checkout = await call<{ url: string }>(friend, '/api/billing/checkout', {
        planId: 'pro',
        billingCycle: 'yearly',
        language: 'en',
        discountCode: ` ${code.toLowerCase()} `,
      });
      expect(checkout.status).toBe(200);
      const page = await (await rt.request(new URL(checkout.body.url).pathname)).text();
      expect(page).toContain('$19.10'); // 29.00 − 9.90
      expect(page).toContain('<s class="was">$29.00</s>');
      const pay = `${new URL(checkout.body.url).pathname}/pay`;
      expect((await rt.request(pay, { method: 'POST' })).status).toBe(303);
      // The button pressed again, verification and sync: the use is counted once.
      expect((await rt.request(pay, { method: 'POST' })).status).toBe(303);
      const sessionId = new URL(checkout.body.url).pathname.split('/').pop()!;
      expect((await call<{ verified: boolean }>(friend, '/api/billing/verify', { sessionId })).body.verified).toBe(
        true,
      );
      await call(friend, '/api/billing/orders/sync', {});

      const { orders } = (await call<OrdersResponse>(friend, '/api/billing/orders')).body;
      expect(orders).toEqual([
        expect.objectContaining({ plan: 'pro', billingCycle: 'yearly', amount: 1910, discountAmount: 990 }),
      ]);
      expect(await getCreditBalance(rt.database.db, friend.userId)).toBe(30 + 4800);
      expect((await codeRow(code)).currentUses).toBe(1);
      const redemptions = await rt.database.db
        .select()
        .from(invitationCodeRedemptions)
        .where(eq(invitationCodeRedemptions.userId, friend.userId));
      expect(redemptions).toEqual([expect.objectContaining({ codeType: 'discount_new_user', endsAt: null })]);
      const listed = (await call<ReferralsResponse>(referrer, '/api/referrals')).body.invitationCodes;
      expect(listed.find((c) => c.code === code)).toMatchObject({ currentUses: 1, isActive: false });

      // Used up for anyone else; and the friend's next purchase is not a first one.
      const other = await signUpReferredBy(referrer);
      const usedUp = await call(other, '/api/billing/checkout', proMonthly(code));
      expect([usedUp.status, usedUp.body.error?.code]).toEqual([409, 'DISCOUNT_CODE_UNAVAILABLE']);
      const second = await newDiscountCode(referrer);
      const again = await check(friend, second);
      expect([again.status, again.body.error?.code]).toEqual([403, 'DISCOUNT_CODE_NOT_FIRST_PURCHASE']);
    });

    it('never charges less than 0.50, and discounts lifetime and yuan prices', async () => {
      const referrer = await signUpTestUser(rt);
      const friend = await signUpReferredBy(referrer);
      const checkout = await call<{ url: string }>(
        friend,
        '/api/billing/checkout',
        proMonthly(await newDiscountCode(referrer)),
      );
      const page = await (await rt.request(new URL(checkout.body.url).pathname)).text();
      expect(page).toContain('$0.50');
      expect(page).toContain('Renewals: $2.99');
      expect((await rt.request(`${new URL(checkout.body.url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
      expect((await call<OrdersResponse>(friend, '/api/billing/orders')).body.orders[0]).toMatchObject({
        amount: 50,
        discountAmount: 249,
        currency: 'USD',
      });

      const lifetimeBuyer = await signUpReferredBy(referrer);
      const lifetime = await call<{ url: string }>(lifetimeBuyer, '/api/billing/lifetime', {
        language: 'en',
        discountCode: await newDiscountCode(referrer),
      });
      expect(lifetime.status).toBe(200);
      expect(await (await rt.request(new URL(lifetime.body.url).pathname)).text()).toContain('$29.10');

      // A Simplified Chinese creator's code is in yuan, for a checkout in yuan.
      const chinese = await signUpTestUser(rt);
      await rt.database.db.update(profiles).set({ language: 'zh-CN' }).where(eq(profiles.userId, chinese.userId));
      const yuanCode = await newDiscountCode(chinese);
      const yuanFriend = await signUpReferredBy(chinese);
      expect((await check(yuanFriend, yuanCode, 'zh-CN')).body).toEqual({
        code: yuanCode,
        amountOff: 990,
        currency: 'cny',
      });
      const wrongCurrency = await call(yuanFriend, '/api/billing/checkout', proMonthly(yuanCode, 'en'));
      expect([wrongCurrency.status, wrongCurrency.body.error?.code]).toEqual([409, 'DISCOUNT_CODE_CURRENCY']);
      const hkd = await check(yuanFriend, yuanCode, 'zh-TW');
      expect(hkd.body.error?.code).toBe('DISCOUNT_CODE_CURRENCY');
      const yuan = await call<{ url: string }>(yuanFriend, '/api/billing/checkout', proMonthly(yuanCode, 'zh-CN'));
      expect(await (await rt.request(new URL(yuan.body.url).pathname)).text()).toContain('CN¥8.10'); // 18 − 9.9
    });

    it('refuses codes that may not be used, charging and counting nothing', async () => {
      const referrer = await signUpVerifiedUser(rt);
      const code = await newDiscountCode(referrer);
      const stranger = await signUpVerifiedUser(rt); // registered without a referral
      const refusals: [TestUser, string, number, string][] = [
        [stranger, code, 403, 'DISCOUNT_CODE_NOT_REFERRED'],
        [referrer, code, 403, 'DISCOUNT_CODE_OWN'],
        [stranger, 'NOSUCHCD', 404, 'DISCOUNT_CODE_NOT_FOUND'],
      ];
      for (const [user, c, status, errorCode] of refusals) {
        const checked = await check(user, c);
        expect([checked.status, checked.body.error?.code]).toEqual([status, errorCode]);
        const checkout = await call(user, '/api/billing/checkout', proMonthly(c));
        expect([checkout.status, checkout.body.error?.code]).toEqual([status, errorCode]);
        const lifetime = await call(user, '/api/billing/lifetime', { language: 'en', discountCode: c });
        expect([lifetime.status, lifetime.body.error?.code]).toEqual([status, errorCode]);
      }
      expect((await call<OrdersResponse>(stranger, '/api/billing/orders')).body.orders).toEqual([]);
      expect((await call<OrdersResponse>(referrer, '/api/billing/orders')).body.orders).toEqual([]);
      expect((await codeRow(code)).currentUses).toBe(0);

      // Expired, or switched off: unavailable even to a referred user. Experience codes are not discounts.
      const friend = await signUpReferredBy(referrer);
      await rt.database.db
        .update(invitationCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitationCodes.code, code));
      const expired = await check(friend, code);
      expect([expired.status, expired.body.error?.code]).toEqual([409, 'DISCOUNT_CODE_UNAVAILABLE']);
      const off = await newDiscountCode(referrer);
      await rt.database.db.update(invitationCodes).set({ isActive: false }).where(eq(invitationCodes.code, off));
      expect((await check(friend, off)).body.error?.code).toBe('DISCOUNT_CODE_UNAVAILABLE');
      await rt.database.db
        .update(profiles)
        .set({ subscriptionType: 'studio' })
        .where(eq(profiles.userId, referrer.userId));
      const experience = await call<InvitationCode>(referrer, '/api/referrals/invitation-codes', {
        codeType: 'experience_7day',
      });
      expect((await check(friend, experience.body.code)).body.error?.code).toBe('DISCOUNT_CODE_NOT_FOUND');
      expect((await call<OrdersResponse>(friend, '/api/billing/orders')).body.orders).toEqual([]);
    });
  });

  it('cancels a running subscription at the end of its period when its owner buys Lifetime', async () => {
    const user = await signUpTestUser(rt);
    await buy(user, '/api/billing/checkout', { planId: 'studio', billingCycle: 'monthly', language: 'en' });
    await buy(user, '/api/billing/lifetime', { language: 'en' });
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body).toMatchObject({
      subscription_tier: 'Lifetime',
    });
    const [row] = await rt.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, cancelRequestedAt: null });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30 + 1500 + 1500);
  });
});
