import {
  CHECKOUT_EXPIRES_MINUTES,
  type InvitationCode,
  type OrdersResponse,
  type RedeemInvitationCodeResponse,
  type ReferralsResponse,
} from '@atelier/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import {
  invitationCodes,
  orders,
  profiles,
  referralRewards,
  referrals,
  sandboxCheckoutSessions,
} from '../../src/platform/db/schema/index.ts';
import type { FakeStripe } from '../fakes/fake-stripe.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createStripeTestRuntime, type StripeTestRuntime } from '../support/stripe-test-runtime.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import {
  callApi,
  cookieOf,
  mailedLinks,
  postJson,
  signUpTestUser,
  signUpVerifiedUser,
  type TestUser,
  verifyTestUser,
} from '../support/users.ts';

/**
 * A finding of the security review, rated High: one single-use discount code paid four orders, and
 * the referrer bought Lifetime and 1,900 credits for about two dollars. These tests replay the
 * attack against both payment providers and both databases, and check the rules that stop it
 * (ADR 0028): a code's use is reserved when a checkout is created and released when it expires
 * or is closed; a used-up code is refused at checkout creation; "new" means no paid order and
 * no other open checkout; a referral counts for a verified friend who paid more than nothing.
 */

let counter = 0;
const MINUTE = 60_000;

/** Calls and sign-ups against one runtime, as the SPA or an API client makes them. */
function clientOf(rt: () => TestRuntime) {
  const call = <T>(user: TestUser, path: string, body?: unknown) => callApi<T>(rt(), user, path, body);
  const referralCode = async (user: TestUser) =>
    (await call<ReferralsResponse>(user, '/api/referrals')).body.referralCode;
  /** A friend who signs up through `referrer`'s link; verified unless told otherwise. */
  const friendOf = async (code: string, { verified = true } = {}): Promise<TestUser> => {
    const email = `abuse${Date.now()}${++counter}@example.com`;
    const password = 'correct horse battery';
    const res = await rt().request(
      '/api/auth/sign-up/email',
      postJson({ email, password, name: 'friend', referralCode: code }),
    );
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    const friend = { userId: user.id, email, password, cookie: cookieOf(res) };
    return verified ? verifyTestUser(rt(), friend) : friend;
  };
  const newCode = async (creator: TestUser, codeType: InvitationCode['codeType'] = 'discount_new_user') => {
    const made = await call<InvitationCode>(creator, '/api/referrals/invitation-codes', { codeType });
    expect(made.status).toBe(201);
    return made.body.code;
  };
  const checkout = (user: TestUser, discountCode?: string, planId = 'studio') =>
    call<{ url: string }>(user, '/api/billing/checkout', {
      planId,
      billingCycle: 'monthly',
      language: 'en',
      ...(discountCode ? { discountCode } : {}),
    });
  const codeRow = async (code: string) =>
    (await rt().database.db.select().from(invitationCodes).where(eq(invitationCodes.code, code)))[0]!;
  const paidOrders = async (user: TestUser) =>
    (await call<OrdersResponse>(user, '/api/billing/orders')).body.orders.filter((o) => o.status === 'paid');
  const referrerState = async (user: TestUser) => {
    const [profile] = await rt().database.db.select().from(profiles).where(eq(profiles.userId, user.userId));
    const rewards = await rt()
      .database.db.select({ type: referralRewards.rewardType })
      .from(referralRewards)
      .where(eq(referralRewards.userId, user.userId));
    return { count: profile?.referralCount, plan: profile?.subscriptionType, rewards: rewards.map((r) => r.type) };
  };
  /**
   * The clock, for one checkout: its expiry is moved `minutesAgo` into the past (the order and,
   * with the sandbox, the provider's session), as if that much time had passed since it expired.
   */
  const lapse = async (sessionId: string, minutesAgo: number) => {
    const at = new Date(Date.now() - minutesAgo * MINUTE);
    const db = rt().database.db;
    await db.update(orders).set({ expiresAt: at }).where(eq(orders.providerSessionId, sessionId));
    await db.update(sandboxCheckoutSessions).set({ expiresAt: at }).where(eq(sandboxCheckoutSessions.id, sessionId));
  };
  return { call, referralCode, friendOf, newCode, checkout, codeRow, paidOrders, referrerState, lapse };
}

const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describeOnEachDatabase('coupon and referral abuse with the sandbox provider', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());
  const c = clientOf(() => rt);
  /** The payer presses Pay on the sandbox page; answers where the browser is sent. */
  const pay = async (url: string) => {
    const res = await rt.request(`${new URL(url).pathname}/pay`, { method: 'POST' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!, 'http://localhost').pathname;
  };

  it('replays the four-orders story: the code pays one order, the other checkouts are refused at creation', async () => {
    const referrer = await signUpTestUser(rt); // a Free user
    const code = await c.newCode(referrer);
    expect((await c.codeRow(code)).maxUses).toBe(1);
    const referral = await c.referralCode(referrer);
    const [first, second, third] = [await c.friendOf(referral), await c.friendOf(referral), await c.friendOf(referral)];

    // Each opens a Studio checkout with the code; only the first gets one.
    const opened = await c.checkout(first, code);
    expect(opened.status).toBe(200);
    for (const friend of [second, third]) {
      const refused = await c.checkout(friend, code);
      expect([refused.status, refused.body.error?.code]).toEqual([409, 'DISCOUNT_CODE_UNAVAILABLE']);
      const preview = await c.call(friend, '/api/billing/discount-codes/check', { code, language: 'en' });
      expect(preview.body.error?.code).toBe('DISCOUNT_CODE_UNAVAILABLE');
    }
    // The first also opens a Pro checkout with it: their Studio checkout is closed first, so
    // they never hold two discounted checkouts that could both be paid.
    const pro = await c.checkout(first, code, 'pro');
    expect(pro.status).toBe(200);
    expect(await pay(opened.body.url)).toBe(`/billing/sandbox/checkout/${sessionOf(opened.body.url)}`);
    expect(await pay(pro.body.url)).toBe('/payment-success');

    expect((await c.paidOrders(first)).map((o) => [o.plan, o.amount, o.discountAmount])).toEqual([['pro', 50, 249]]);
    for (const friend of [second, third]) expect(await c.paidOrders(friend)).toEqual([]);
    expect((await c.codeRow(code)).currentUses).toBe(1);
    // A second use is refused at checkout creation, the payer's too (no longer new).
    const lifetime = (discountCode: string) => c.call(first, '/api/billing/lifetime', { language: 'en', discountCode });
    expect((await lifetime(code)).body.error?.code).toBe('DISCOUNT_CODE_UNAVAILABLE');
    expect((await lifetime(await c.newCode(referrer))).body.error?.code).toBe('DISCOUNT_CODE_NOT_FIRST_PURCHASE');

    // A payment with a discount code earns no referral: codes cannot mint rewards at 0.50 each.
    expect(await c.referrerState(referrer)).toEqual({ count: 0, plan: 'free', rewards: [] });
    expect(await getCreditBalance(rt.database.db, referrer.userId)).toBe(30);
  });

  it('releases a reservation when its checkout expires (after the grace period) or is cancelled', async () => {
    const referrer = await signUpTestUser(rt);
    const code = await c.newCode(referrer);
    const referral = await c.referralCode(referrer);
    const [holder, waiting] = [await c.friendOf(referral), await c.friendOf(referral)];

    const held = await c.checkout(holder, code);
    expect(held.status).toBe(200);
    const [order] = await rt.database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionOf(held.body.url)));
    const minutes = (order!.expiresAt!.getTime() - order!.createdAt.getTime()) / MINUTE;
    expect(Math.round(minutes)).toBe(CHECKOUT_EXPIRES_MINUTES);
    expect((await c.checkout(waiting, code)).body.error?.code).toBe('DISCOUNT_CODE_UNAVAILABLE');

    // Just expired: the provider may still be completing it, so the code stays held.
    await c.lapse(sessionOf(held.body.url), 1);
    expect((await c.checkout(waiting, code)).body.error?.code).toBe('DISCOUNT_CODE_UNAVAILABLE');
    // Past the grace period: released, without anything having been written.
    await c.lapse(sessionOf(held.body.url), 10);
    const page = await (await rt.request(new URL(held.body.url).pathname)).text();
    expect(page).toContain('This session is expired.');
    const taken = await c.checkout(waiting, code);
    expect(taken.status).toBe(200);
    // The holder's expired session can no longer be paid; the new holder's can.
    expect(await pay(held.body.url)).toContain('/billing/sandbox/checkout/');
    expect(await c.paidOrders(holder)).toEqual([]);
    expect((await c.call<OrdersResponse>(holder, '/api/billing/orders')).body.orders).toEqual([]);

    // Cancel on the provider's page releases at once.
    const canceled = await rt.request(`${new URL(taken.body.url).pathname}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(303);
    const retaken = await c.checkout(holder, code);
    expect(retaken.status).toBe(200);
    expect(await pay(retaken.body.url)).toBe('/payment-success');
    expect((await c.codeRow(code)).currentUses).toBe(1);
    expect((await c.checkout(waiting, code)).body.error?.code).toBe('DISCOUNT_CODE_UNAVAILABLE');
  });

  it('gives a single-use code to exactly one of 20 concurrent checkouts', async () => {
    const referrer = await signUpTestUser(rt);
    const code = await c.newCode(referrer);
    const referral = await c.referralCode(referrer);
    const friends: TestUser[] = [];
    for (let i = 0; i < 20; i++) friends.push(await c.friendOf(referral));

    const answers = await Promise.all(friends.map((friend) => c.checkout(friend, code)));
    const codes = answers.map((a) => (a.status === 200 ? 'ok' : a.body.error?.code));
    expect(codes.filter((x) => x === 'ok')).toHaveLength(1);
    expect(codes.filter((x) => x === 'DISCOUNT_CODE_UNAVAILABLE')).toHaveLength(19);
    const reserved = await rt.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.discountCodeId, (await c.codeRow(code)).id), eq(orders.status, 'pending')));
    expect(reserved).toHaveLength(1);
  });

  it('lets one account hold one payable discounted checkout, however many it opens at once', async () => {
    const referrer = await signUpTestUser(rt);
    const referral = await c.referralCode(referrer);
    const friend = await c.friendOf(referral);
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) codes.push(await c.newCode(referrer));
    // A plain checkout opened before: closed by the first discounted one.
    const plain = await c.checkout(friend);
    expect(plain.status).toBe(200);

    const answers = await Promise.all(codes.map((code, i) => c.checkout(friend, code, i % 2 ? 'pro' : 'studio')));
    for (const a of answers)
      expect(a.status === 200 || a.body.error?.code === 'DISCOUNT_CODE_CHECKOUT_OPEN').toBe(true);
    const urls = [plain.body.url, ...answers.filter((a) => a.status === 200).map((a) => a.body.url)];
    expect(urls.length).toBeGreaterThan(1);
    // Only the last one opened can still be paid; paying every page yields one order.
    for (const url of urls) await pay(url);
    const paid = await c.paidOrders(friend);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.discountAmount).toBeGreaterThan(0);
    const used = await rt.database.db
      .select({ code: invitationCodes.code })
      .from(invitationCodes)
      .where(and(eq(invitationCodes.creatorId, referrer.userId), eq(invitationCodes.currentUses, 1)));
    expect(used).toHaveLength(1);
  });

  it('refuses a discounted checkout while another checkout of the caller is being opened', async () => {
    const referrer = await signUpTestUser(rt);
    const friend = await c.friendOf(await c.referralCode(referrer));
    // A pending order without a provider session yet: another request of the caller between
    // its reservation and the provider's answer (what the 20-at-once test races into).
    await rt.database.db.insert(orders).values({
      id: `ord_inflight${++counter}`,
      userId: friend.userId,
      provider: 'sandbox',
      plan: 'pro',
      billingCycle: 'monthly',
      amount: 299,
      currency: 'usd',
      status: 'pending',
      expiresAt: new Date(Date.now() + 30 * MINUTE),
    });
    const refused = await c.checkout(friend, await c.newCode(referrer));
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'DISCOUNT_CODE_CHECKOUT_OPEN']);
  });

  it('counts a referral only for a verified friend who paid full price, at whichever comes last', async () => {
    const referrer = await signUpTestUser(rt);
    const referral = await c.referralCode(referrer);
    // An account nobody proved the address of gets no discount.
    const unverified = await c.friendOf(referral, { verified: false });
    const discounted = await c.checkout(unverified, await c.newCode(referrer));
    expect([discounted.status, discounted.body.error?.code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
    const opened = await c.checkout(unverified, undefined, 'pro');
    expect(await pay(opened.body.url)).toBe('/payment-success');
    expect((await c.paidOrders(unverified))[0]).toMatchObject({ amount: 299, status: 'paid' });
    expect(await c.referrerState(referrer)).toEqual({ count: 0, plan: 'free', rewards: [] });
    const status = async () =>
      (await rt.database.db.select().from(referrals).where(eq(referrals.referredId, unverified.userId)))[0]?.status;
    expect(await status()).toBe('pending');

    // Verified after paying: the referral completes then, once (the link followed twice).
    await verifyTestUser(rt, unverified);
    expect(await status()).toBe('completed');
    const link = (await mailedLinks(rt, unverified.email)).find((url) => url.pathname.endsWith('/verify-email'))!;
    expect((await rt.request(`${link.pathname}${link.search}`)).status).toBe(302);
    expect(await c.referrerState(referrer)).toEqual({ count: 1, plan: 'free', rewards: ['pro_month'] });

    // Verified but never paid: nothing; an unverified friend who never pays: nothing; a verified
    // friend who paid with a discount code: nothing (a full-price renewal would count).
    await c.friendOf(referral);
    await c.friendOf(referral, { verified: false });
    const withCode = await c.friendOf(referral);
    expect(await pay((await c.checkout(withCode, await c.newCode(referrer), 'pro')).body.url)).toBe('/payment-success');
    expect((await c.paidOrders(withCode))[0]).toMatchObject({ amount: 50, status: 'paid' });
    expect((await c.referrerState(referrer)).count).toBe(1);
    expect(await getCreditBalance(rt.database.db, referrer.userId)).toBe(30 + 400);
  });

  it('gives a single-use experience code to exactly one of 20 concurrent redeemers, and one pass per account', async () => {
    const studio = await signUpTestUser(rt);
    await rt.database.db.update(profiles).set({ subscriptionType: 'studio' }).where(eq(profiles.userId, studio.userId));
    const code = await c.newCode(studio, 'experience_7day');
    const redeemers: TestUser[] = [];
    for (let i = 0; i < 20; i++) redeemers.push(await signUpVerifiedUser(rt));
    const answers = await Promise.all(
      redeemers.map((user) => c.call<RedeemInvitationCodeResponse>(user, '/api/referrals/redeem', { code })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.error?.code === 'CONFLICT')).toHaveLength(19);
    expect((await c.codeRow(code)).currentUses).toBe(1);

    // One account, two codes at once: one pass.
    const codes = [await c.newCode(studio, 'experience_7day'), await c.newCode(studio, 'experience_7day')];
    const loner = await signUpVerifiedUser(rt);
    const mine = await Promise.all(codes.map((x) => c.call(loner, '/api/referrals/redeem', { code: x })));
    expect(mine.map((a) => a.status).sort()).toEqual([200, 403]);
    expect(await getCreditBalance(rt.database.db, loner.userId)).toBe(30 + 1500);
  });
});

describeOnEachDatabase('coupon and referral abuse with Stripe (local fake)', (kind) => {
  let harness: StripeTestRuntime;
  let rt: TestRuntime;
  let stripe: FakeStripe;
  beforeAll(async () => {
    harness = await createStripeTestRuntime(kind);
    ({ rt, stripe } = harness);
  });
  afterAll(() => harness?.close());
  const c = clientOf(() => rt);
  const deliver = async (type: string, session: Record<string, unknown>) => {
    expect((await harness.deliver(stripe.signedEvent(type, session))).status).toBe(200);
  };

  it('sends the expiry to Stripe and releases the code on checkout.session.expired', async () => {
    const referrer = await signUpTestUser(rt);
    const code = await c.newCode(referrer);
    const referral = await c.referralCode(referrer);
    const [holder, waiting] = [await c.friendOf(referral), await c.friendOf(referral)];
    const before = Math.floor(Date.now() / 1000);
    const held = await c.checkout(holder, code);
    expect(held.status).toBe(200);
    const session = stripe.sessions.get(sessionOf(held.body.url))!;
    expect(session.expires_at).toBeGreaterThanOrEqual(before + CHECKOUT_EXPIRES_MINUTES * 60);
    expect(session.expires_at).toBeLessThanOrEqual(before + CHECKOUT_EXPIRES_MINUTES * 60 + 60);
    expect((await c.checkout(waiting, code)).body.error?.code).toBe('DISCOUNT_CODE_UNAVAILABLE');

    // Stripe expires the session and says so: released at once, no grace period to wait.
    await deliver('checkout.session.expired', stripe.expireSession(session.id as string));
    const taken = await c.checkout(waiting, code);
    expect(taken.status).toBe(200);
    expect(() => stripe.completeCheckout(session.id as string)).toThrow(/cannot be paid/);
    const paid = stripe.completeCheckout(sessionOf(taken.body.url));
    await deliver('checkout.session.completed', paid);
    await deliver('checkout.session.completed', paid); // a replay counts nothing
    expect((await c.codeRow(code)).currentUses).toBe(1);
    expect((await c.paidOrders(waiting)).map((o) => [o.amount, o.discountAmount])).toEqual([[50, 749]]);
  });

  it('finds a payment Stripe took but has not reported before opening another discounted checkout', async () => {
    const referrer = await signUpTestUser(rt);
    const referral = await c.referralCode(referrer);
    const friend = await c.friendOf(referral);
    const first = await c.checkout(friend, await c.newCode(referrer), 'pro');
    const paid = stripe.completeCheckout(sessionOf(first.body.url)); // no webhook yet
    const second = await c.checkout(friend, await c.newCode(referrer));
    expect([second.status, second.body.error?.code]).toEqual([403, 'DISCOUNT_CODE_NOT_FIRST_PURCHASE']);
    // The payment was applied on the way, once; the webhook arriving now changes nothing (and a
    // discounted payment earns no referral).
    await deliver('checkout.session.completed', paid);
    expect(await c.paidOrders(friend)).toHaveLength(1);
    expect(await c.referrerState(referrer)).toEqual({ count: 0, plan: 'free', rewards: [] });

    // An open plain checkout is expired at Stripe before a discounted one is opened.
    const other = await c.friendOf(referral);
    const plain = await c.checkout(other);
    const discounted = await c.checkout(other, await c.newCode(referrer));
    expect(discounted.status).toBe(200);
    expect(stripe.sessions.get(sessionOf(plain.body.url))?.status).toBe('expired');
    expect(stripe.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionOf(plain.body.url)}/expire`)).toBe(
      true,
    );
  });

  it('honours a checkout paid after its reservation lapsed, without counting the code past max_uses', async () => {
    const referrer = await signUpTestUser(rt);
    const code = await c.newCode(referrer);
    const referral = await c.referralCode(referrer);
    const [late, onTime] = [await c.friendOf(referral), await c.friendOf(referral)];
    const lateCheckout = await c.checkout(late, code);
    // Atelier takes the late one for expired (its webhook never came) and lets the other use the code.
    await c.lapse(sessionOf(lateCheckout.body.url), 10);
    const onTimeCheckout = await c.checkout(onTime, code);
    expect(onTimeCheckout.status).toBe(200);
    await deliver('checkout.session.completed', stripe.completeCheckout(sessionOf(onTimeCheckout.body.url)));
    // Stripe completes the late one after all: the money was taken at the discounted price.
    await deliver('checkout.session.completed', stripe.completeCheckout(sessionOf(lateCheckout.body.url)));
    expect((await c.paidOrders(late)).map((o) => [o.amount, o.discountAmount])).toEqual([[50, 749]]);
    expect((await c.codeRow(code)).currentUses).toBe(1);
  });

  it('does not count a referral for a payment Stripe reports as nothing charged', async () => {
    const referrer = await signUpTestUser(rt);
    const friend = await c.friendOf(await c.referralCode(referrer));
    const opened = await c.checkout(friend, undefined, 'pro');
    const session = stripe.sessions.get(sessionOf(opened.body.url))!;
    session.amount_total = 0; // e.g. covered by a customer balance: Stripe charged nothing
    await deliver('checkout.session.completed', stripe.completeCheckout(session.id as string));
    expect((await c.paidOrders(friend)).map((o) => o.amount)).toEqual([0]);
    expect(await c.referrerState(referrer)).toEqual({ count: 0, plan: 'free', rewards: [] });
    const completed = await rt.database.db
      .select()
      .from(referrals)
      .where(and(eq(referrals.referredId, friend.userId), isNotNull(referrals.completedAt)));
    expect(completed).toEqual([]);
  });
});
