import type {
  InvitationCode,
  OrdersResponse,
  PlanChangePreview,
  ReferralsResponse,
  SubscriptionStatus,
  Team,
} from '@atelier/contracts';
import { creditsForPeriod } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import {
  creditLedger,
  invitationCodeRedemptions,
  invitationCodes,
  subscriptions,
  teams,
} from '../../src/platform/db/schema/index.ts';
import type { FakeStripe } from '../fakes/fake-stripe.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createStripeTestRuntime, type StripeTestRuntime } from '../support/stripe-test-runtime.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import {
  as,
  callApi,
  cookieOf,
  postJson,
  signUpTestUser,
  signUpVerifiedUser,
  type TestUser,
  verifyTestUser,
} from '../support/users.ts';

let counter = 0;

type Obj = Record<string, unknown>;

describeOnEachDatabase('billing with Stripe (local fake)', (kind) => {
  let harness: StripeTestRuntime;
  let rt: TestRuntime;
  let stripe: FakeStripe;
  beforeAll(async () => {
    harness = await createStripeTestRuntime(kind);
    ({ rt, stripe } = harness);
  });
  afterAll(() => harness?.close());

  const call = <T>(user: TestUser, path: string, body?: unknown) => callApi<T>(rt, user, path, body);
  const deliver = (event: { payload: string; signature: string }) => harness.deliver(event);
  const credits = (user: TestUser) => getCreditBalance(rt.database.db, user.userId);
  const lastRequest = (path: string) => stripe.requests.filter((r) => r.path === path).at(-1)!.body;

  /** Checkout, then the customer pays on Stripe's page (no webhook yet); answers the session. */
  const paidSession = async (user: TestUser, body: Obj) => {
    const checkout = await call<{ url: string }>(user, '/api/billing/checkout', body);
    expect(checkout.status).toBe(200);
    return stripe.completeCheckout(checkout.body.url.split('/').pop()!);
  };
  /** A paid checkout and Stripe's webhook about it; answers the subscription id. */
  const subscribe = async (user: TestUser, body: Obj) => {
    const session = await paidSession(user, body);
    expect((await deliver(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);
    return { subscriptionId: session.subscription as string };
  };

  it('creates a subscription checkout with an inline price in the language’s currency', async () => {
    const user = await signUpTestUser(rt);
    const checkout = await call<{ url: string }>(user, '/api/billing/checkout', {
      planId: 'studio',
      billingCycle: 'yearly',
      language: 'zh-TW',
    });
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sent = lastRequest('/v1/checkout/sessions');
    expect(sent).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_/),
      line_items: [
        { quantity: '1', price_data: { currency: 'hkd', unit_amount: '58800', recurring: { interval: 'year' } } },
      ],
      metadata: { plan: 'studio', cycle: 'yearly', userId: user.userId },
      subscription_data: { metadata: { plan: 'studio', cycle: 'yearly' } },
      success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
    });
    // Not paid yet: verification says so and grants nothing.
    const sessionId = checkout.body.url.split('/').pop()!;
    expect((await call(user, '/api/billing/verify', { sessionId })).body).toEqual({ verified: false, order: null });
    expect(await credits(user)).toBe(30);
  });

  it('grants a paid checkout once however often its event is delivered, and renewals once each', async () => {
    const user = await signUpTestUser(rt);
    const session = await paidSession(user, { planId: 'pro', billingCycle: 'monthly', language: 'en' });
    const event = stripe.signedEvent('checkout.session.completed', session);
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(deliveries.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await credits(user)).toBe(430);
    // The same session under new event ids (Stripe retries a different event) grants nothing more.
    for (let i = 0; i < 3; i++) await deliver(stripe.signedEvent('checkout.session.completed', session));
    expect((await call(user, '/api/billing/verify', { sessionId: session.id })).body).toMatchObject({ verified: true });
    expect(await credits(user)).toBe(430);
    const status = (await call<SubscriptionStatus>(user, '/api/billing/subscription')).body;
    expect(status).toMatchObject({ subscribed: true, subscription_tier: 'Pro', cancel_at_period_end: false });

    const invoice = stripe.renew(session.subscription as string);
    const renewal = stripe.signedEvent('invoice.paid', invoice);
    for (let i = 0; i < 10; i++) expect((await deliver(renewal)).status).toBe(200);
    await deliver(stripe.signedEvent('invoice.paid', invoice));
    expect(await credits(user)).toBe(830);
    const renewed = (await call<SubscriptionStatus>(user, '/api/billing/subscription')).body;
    expect(new Date(renewed.subscription_end!).getTime()).toBeGreaterThan(new Date(status.subscription_end!).getTime());
    const { orders } = (await call<OrdersResponse>(user, '/api/billing/orders')).body;
    expect(orders.map((o) => [o.amount, o.currency, o.status])).toEqual([
      [299, 'USD', 'paid'],
      [299, 'USD', 'paid'],
    ]);
  });

  it("credits a Studio renewal's invoice to the team its owner chose, once however often it is delivered", async () => {
    const owner = await signUpVerifiedUser(rt);
    const { subscriptionId } = await subscribe(owner, { planId: 'studio', billingCycle: 'monthly', language: 'en' });
    const before = await credits(owner);
    const created = await call<{ team: Team }>(owner, '/api/teams', { name: 'Webhook team' });
    expect(created.status).toBe(201);
    const teamId = created.body.team.id;
    const put = await rt.request(
      `/api/teams/${teamId}/renewal`,
      as(owner, { ...postJson({ receivesRenewal: true }), method: 'PUT' }),
    );
    expect(put.status).toBe(204);

    const renewal = stripe.signedEvent('invoice.paid', stripe.renew(subscriptionId));
    for (let i = 0; i < 3; i++) expect((await deliver(renewal)).status).toBe(200);
    const monthly = creditsForPeriod('studio', 'monthly');
    const [team] = await rt.database.db.select({ credits: teams.credits }).from(teams).where(eq(teams.id, teamId));
    expect(team!.credits).toBe(monthly);
    expect(await credits(owner)).toBe(before);
    const rows = await rt.database.db.select().from(creditLedger).where(eq(creditLedger.teamId, teamId));
    expect(rows.map((r) => [r.userId, r.amount, r.reason])).toEqual([[owner.userId, monthly, 'plan']]);
  });

  it('rejects a forged or unsigned webhook with 400 and grants nothing', async () => {
    const user = await signUpTestUser(rt);
    const session = await paidSession(user, { planId: 'studio', billingCycle: 'monthly', language: 'en' });
    const genuine = stripe.signedEvent('checkout.session.completed', session);
    const forged = { payload: genuine.payload, signature: genuine.signature.replace(/v1=[0-9a-f]{6}/, 'v1=000000') };
    const tampered = {
      payload: genuine.payload.replace('"livemode":false', '"livemode":true'),
      signature: genuine.signature,
    };
    for (const attempt of [forged, tampered, { payload: genuine.payload, signature: '' }]) {
      const res = await deliver(attempt);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    }
    expect(await credits(user)).toBe(30);
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body.subscribed).toBe(false);
  });

  it('upgrades with proration, cancels at period end, opens the portal and ends on deletion', async () => {
    const user = await signUpTestUser(rt);
    const { subscriptionId } = await subscribe(user, { planId: 'pro', billingCycle: 'monthly', language: 'en' });
    expect(await credits(user)).toBe(430);

    // The preview is Stripe's proration for the new price on the same item, and charges nothing.
    const change = { planId: 'studio', billingCycle: 'monthly', language: 'en' };
    const preview = await call<PlanChangePreview>(user, '/api/billing/change-preview', change);
    expect(preview).toMatchObject({
      status: 200,
      body: { planId: 'studio', billingCycle: 'monthly', amountDue: 500, currency: 'usd', credits: 1100 },
    });
    const item = (stripe.subscriptions.get(subscriptionId)!.items as { data: { id: string }[] }).data[0]!;
    expect(lastRequest('/v1/invoices/create_preview')).toMatchObject({
      subscription: subscriptionId,
      subscription_details: {
        items: [{ id: item.id, price_data: { currency: 'usd', unit_amount: '799' } }],
        proration_behavior: 'always_invoice',
      },
    });
    expect(new Date(preview.body.nextRenewal!).getTime()).toBeGreaterThan(Date.now());
    expect(await credits(user)).toBe(430);
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body.subscription_tier).toBe('Pro');

    // Confirmed with the preview's moment, Stripe prorates the change at that same second.
    const prorationDate = String(Date.parse(preview.body.prorationDate) / 1000);
    expect(lastRequest('/v1/invoices/create_preview')).toMatchObject({
      subscription_details: { proration_date: prorationDate },
    });
    const upgrade = await call(user, '/api/billing/upgrade', { ...change, prorationDate: preview.body.prorationDate });
    expect(upgrade.status).toBe(200);
    expect(lastRequest(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({
      proration_date: prorationDate,
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      metadata: { plan: 'studio', previousPlan: 'pro' },
    });
    expect(lastRequest('/v1/prices')).toMatchObject({ currency: 'usd', unit_amount: '799' });
    expect(await credits(user)).toBe(430 + 1100);
    // Stripe's own invoice.paid for that proration arrives later and changes nothing.
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    const prorationInvoice = stripe.invoices.get(subscription.latest_invoice as string)!;
    expect(prorationInvoice).toMatchObject({ billing_reason: 'subscription_update', amount_paid: 500 });
    const invoiceEvent = stripe.signedEvent('invoice.paid', prorationInvoice);
    expect((await deliver(invoiceEvent)).status).toBe(200);
    expect(await credits(user)).toBe(1530);
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body.subscription_tier).toBe('Studio');

    const canceled = await call<SubscriptionStatus>(user, '/api/billing/subscription/cancel', {});
    expect(canceled.body).toMatchObject({ subscribed: true, cancel_at_period_end: true });
    expect(lastRequest(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ cancel_at_period_end: 'true' });

    const portal = await call<{ url: string }>(user, '/api/billing/portal', {});
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);

    const ended = { ...subscription, status: 'canceled' };
    expect((await deliver(stripe.signedEvent('customer.subscription.deleted', ended))).status).toBe(200);
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body).toMatchObject({
      subscribed: false,
      subscription_tier: 'Free',
    });
    expect(await credits(user)).toBe(1530); // credits already granted stay
  });

  it('charges lifetime once, in cents of the language’s currency', async () => {
    const user = await signUpTestUser(rt);
    const checkout = await call<{ url: string }>(user, '/api/billing/lifetime', { language: 'en' });
    expect(lastRequest('/v1/checkout/sessions')).toMatchObject({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: '3900' } }],
    });
    const sessionId = checkout.body.url.split('/').pop()!;
    stripe.completeCheckout(sessionId);
    // No webhook yet: the payment-success page's verification grants it from Stripe's answer.
    expect((await call(user, '/api/billing/verify', { sessionId })).body).toMatchObject({ verified: true });
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body.subscription_tier).toBe('Lifetime');
    expect(await credits(user)).toBe(30 + 1500);
    expect((await call(user, '/api/billing/lifetime', { language: 'en' })).body.error?.code).toBe('ALREADY_SUBSCRIBED');
  });

  it('answers PAYMENT_ERROR when Stripe fails', async () => {
    const broken = await createTestRuntime(kind, {
      STRIPE_SECRET_KEY: 'sk_test_wrong',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    });
    try {
      const user = await signUpTestUser(broken);
      const res = await broken.request(
        '/api/billing/checkout',
        as(user, postJson({ planId: 'pro', billingCycle: 'monthly', language: 'en' })),
      );
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        error: {
          code: 'PAYMENT_ERROR',
          message: 'Failed to process subscription. Please try again.',
          requestId: res.headers.get('x-request-id'),
        },
      });
    } finally {
      await broken.close();
    }
  });

  /** A friend signed up through `referrer`'s referral code. */
  const signUpReferredBy = async (referrer: TestUser): Promise<TestUser> => {
    const { referralCode } = (await call<ReferralsResponse>(referrer, '/api/referrals')).body;
    const email = `stripe-friend${Date.now()}${++counter}@example.com`;
    const password = 'correct horse battery';
    const res = await rt.request('/api/auth/sign-up/email', postJson({ email, password, name: 'f', referralCode }));
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    // A referral counts for a verified friend only.
    return verifyTestUser(rt, { userId: user.id, email, password, cookie: cookieOf(res) });
  };
  const newDiscountCode = async (creator: TestUser) =>
    (await call<InvitationCode>(creator, '/api/referrals/invitation-codes', { codeType: 'discount_new_user' })).body
      .code;
  const subscriptionRow = async (user: TestUser) =>
    (await rt.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId)))[0];

  it('applies a discount code as a one-time Stripe coupon and counts its use once across webhook replays', async () => {
    const referrer = await signUpTestUser(rt);
    const code = await newDiscountCode(referrer);
    const friend = await signUpReferredBy(referrer);
    const session = await paidSession(friend, {
      planId: 'pro',
      billingCycle: 'yearly',
      language: 'en',
      discountCode: code,
    });
    expect(lastRequest('/v1/coupons')).toMatchObject({
      amount_off: '990',
      currency: 'usd',
      duration: 'once',
      max_redemptions: '1',
    });
    const coupon = [...stripe.coupons.values()].at(-1)!;
    expect(lastRequest('/v1/checkout/sessions')).toMatchObject({
      mode: 'subscription',
      line_items: [{ price_data: { currency: 'usd', unit_amount: '2900' } }],
      discounts: [{ coupon: coupon.id }],
    });
    expect(session).toMatchObject({ amount_subtotal: 2900, amount_total: 1910 });

    const event = stripe.signedEvent('checkout.session.completed', session);
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(deliveries.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (let i = 0; i < 3; i++) await deliver(stripe.signedEvent('checkout.session.completed', session));
    const [row] = await rt.database.db.select().from(invitationCodes).where(eq(invitationCodes.code, code));
    expect(row?.currentUses).toBe(1);
    const redemptions = await rt.database.db
      .select()
      .from(invitationCodeRedemptions)
      .where(eq(invitationCodeRedemptions.userId, friend.userId));
    expect(redemptions).toHaveLength(1);
    expect(await credits(friend)).toBe(30 + 4800);

    // The first invoice was discounted by the coupon; the renewal is charged in full.
    const subscription = stripe.subscriptions.get(session.subscription as string)!;
    expect(stripe.invoices.get(subscription.latest_invoice as string)).toMatchObject({ amount_paid: 1910 });
    await deliver(stripe.signedEvent('invoice.paid', stripe.renew(subscription.id as string)));
    const { orders } = (await call<OrdersResponse>(friend, '/api/billing/orders')).body;
    expect(orders.map((o) => [o.amount, o.discountAmount])).toEqual([
      [2900, 0],
      [1910, 990],
    ]);
  });

  it('discounts a lifetime payment with a coupon, and refuses a code the payer may not use', async () => {
    const referrer = await signUpVerifiedUser(rt);
    const code = await newDiscountCode(referrer);
    const stranger = await signUpVerifiedUser(rt);
    const sessionsBefore = stripe.sessions.size;
    const refused = await call(stranger, '/api/billing/lifetime', { language: 'en', discountCode: code });
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'DISCOUNT_CODE_NOT_REFERRED']);
    expect(stripe.sessions.size).toBe(sessionsBefore); // nothing reached Stripe

    const friend = await signUpReferredBy(referrer);
    const checkout = await call<{ url: string }>(friend, '/api/billing/lifetime', {
      language: 'en',
      discountCode: code,
    });
    expect(checkout.status).toBe(200);
    expect(lastRequest('/v1/checkout/sessions')).toMatchObject({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: '3900' } }],
      discounts: [{ coupon: expect.any(String) }],
    });
    const session = stripe.completeCheckout(checkout.body.url.split('/').pop()!);
    expect(session.amount_total).toBe(2910);
    expect((await call(friend, '/api/billing/verify', { sessionId: session.id })).body).toMatchObject({
      verified: true,
    });
    const [order] = (await call<OrdersResponse>(friend, '/api/billing/orders')).body.orders;
    expect(order).toMatchObject({ plan: 'lifetime', amount: 2910, discountAmount: 990, status: 'paid' });
  });

  it('cancels a running subscription at Stripe when its owner buys Lifetime, retrying after a failure', async () => {
    const user = await signUpTestUser(rt);
    const { subscriptionId } = await subscribe(user, { planId: 'pro', billingCycle: 'monthly', language: 'en' });
    const checkout = await call<{ url: string }>(user, '/api/billing/lifetime', { language: 'en' });
    const session = stripe.completeCheckout(checkout.body.url.split('/').pop()!);

    // Stripe refuses the first cancellation: the payment is applied all the same.
    stripe.failNext('POST', new RegExp(`^/v1/subscriptions/${subscriptionId}$`));
    expect((await deliver(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body.subscription_tier).toBe('Lifetime');
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
    expect((await subscriptionRow(user))?.cancelRequestedAt).toBeInstanceOf(Date);

    // The next webhook (any) retries it.
    expect((await deliver(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect(lastRequest(`/v1/subscriptions/${subscriptionId}`)).toEqual({ cancel_at_period_end: 'true' });
    expect(await subscriptionRow(user)).toMatchObject({ cancelAtPeriodEnd: true, cancelRequestedAt: null });
    const cancels = stripe.requests.filter((r) => r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(cancels).toHaveLength(2); // the refused call and the retry; no more

    // When the period ends Stripe deletes it; the member stays Lifetime.
    const ended = { ...stripe.subscriptions.get(subscriptionId)!, status: 'canceled' };
    await deliver(stripe.signedEvent('customer.subscription.deleted', ended));
    expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body.subscription_tier).toBe('Lifetime');
  });

  it("cancels a referrer's Stripe subscription when the third paying friend makes them Lifetime", async () => {
    const referrer = await signUpTestUser(rt);
    const { subscriptionId } = await subscribe(referrer, { planId: 'studio', billingCycle: 'monthly', language: 'en' });
    for (let i = 0; i < 3; i++) {
      const friend = await signUpReferredBy(referrer);
      await subscribe(friend, { planId: 'pro', billingCycle: 'monthly', language: 'en' });
      expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(i === 2);
    }
    expect((await call<SubscriptionStatus>(referrer, '/api/billing/subscription')).body.subscription_tier).toBe(
      'Lifetime',
    );
    expect(await subscriptionRow(referrer)).toMatchObject({ cancelAtPeriodEnd: true, cancelRequestedAt: null });
  });
});
