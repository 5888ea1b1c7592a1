import {
  creditsForPeriod,
  type OrdersResponse,
  type ReferralsResponse,
  type SubscriptionStatus,
  type Team,
} from '@atelier/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { addCalendarMonths } from '../../src/modules/billing/billing-period.ts';
import { SandboxProvider } from '../../src/modules/billing/providers/sandbox-provider.ts';
import { makeLifetime } from '../../src/modules/billing/repo.ts';
import { type BillingDeps, renewDueSandboxSubscriptions } from '../../src/modules/billing/service.ts';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import {
  creditLedger,
  paymentEvents,
  profiles,
  sandboxCheckoutSessions,
  subscriptions,
  teams,
} from '../../src/platform/db/schema/index.ts';
import { createLogger } from '../../src/platform/logging/logger.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
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

const SECOND = 1000;
const DAY = 86_400_000;
let counter = 0;

describeOnEachDatabase('sandbox subscriptions over time', (kind) => {
  let rt: TestRuntime;
  /** The billing service of "another server process": its own sandbox signing key. */
  let billing: BillingDeps;
  let otherProcess: BillingDeps;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
    const log = createLogger('silent');
    billing = { db: rt.database.db, paymentProvider: rt.paymentProvider, publicUrl: rt.config.publicUrl, logger: log };
    const otherSandbox = new SandboxProvider(rt.database.db, rt.config.publicUrl);
    otherProcess = { db: rt.database.db, paymentProvider: otherSandbox, publicUrl: rt.config.publicUrl, logger: log };
  });
  afterAll(() => rt?.close());
  // A sweep handles every due subscription in the database: each test starts with none running.
  afterEach(async () => {
    await rt.database.db.update(subscriptions).set({ status: 'canceled' });
  });

  const call = <T>(user: TestUser, path: string, body?: unknown) => callApi<T>(rt, user, path, body);
  const subscribe = async (user: TestUser, path: string, body: unknown) => {
    const checkout = await call<{ url: string }>(user, path, body);
    expect(checkout.status).toBe(200);
    const pay = await rt.request(`${new URL(checkout.body.url).pathname}/pay`, { method: 'POST' });
    expect(pay.status).toBe(303);
  };
  const subscription = async (user: TestUser) =>
    (await rt.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId)))[0]!;
  const periodEnd = async (user: TestUser) => (await subscription(user)).currentPeriodEnd!;
  const credits = (user: TestUser) => getCreditBalance(rt.database.db, user.userId);
  const orders = async (user: TestUser) => (await call<OrdersResponse>(user, '/api/billing/orders')).body.orders;
  const profilePlan = async (user: TestUser) =>
    (await rt.database.db.select().from(profiles).where(eq(profiles.userId, user.userId)))[0]!.subscriptionType;
  const after = (date: Date, ms: number) => new Date(date.getTime() + ms);
  /** When the checkout was paid: the subscription's anchor, whose day every period ends on. */
  const anchorOf = async (user: TestUser) => {
    const { providerSubscriptionId } = await subscription(user);
    const [session] = await rt.database.db
      .select({ paidAt: sandboxCheckoutSessions.paidAt })
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.subscriptionId, providerSubscriptionId));
    return session!.paidAt!;
  };
  const renewalGrants = async (user: TestUser) =>
    rt.database.db
      .select({ amount: creditLedger.amount, key: creditLedger.idempotencyKey })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.userId), like(creditLedger.idempotencyKey, 'invoice:sbx_in_%')));

  it("credits a Studio renewal to the team its owner chose, in the renewal's transaction with a ledger row", async () => {
    const owner = await signUpVerifiedUser(rt);
    await subscribe(owner, '/api/billing/checkout', { planId: 'studio', billingCycle: 'monthly', language: 'en' });
    const before = await credits(owner);
    const created = await rt.request('/api/teams', as(owner, postJson({ name: 'Renewed' })));
    const { team } = (await created.json()) as { team: Team };
    expect(team.receivesRenewal).toBe(false);
    const setRenewal = (on: boolean) =>
      rt.request(`/api/teams/${team.id}/renewal`, as(owner, { ...postJson({ receivesRenewal: on }), method: 'PUT' }));
    expect((await setRenewal(true)).status).toBe(204);
    const monthly = creditsForPeriod('studio', 'monthly');

    const end0 = await periodEnd(owner);
    expect((await renewDueSandboxSubscriptions(billing, after(end0, SECOND))).renewed).toBe(1);
    const pool = async () =>
      (await rt.database.db.select({ credits: teams.credits }).from(teams).where(eq(teams.id, team.id)))[0]!.credits;
    expect(await pool()).toBe(monthly);
    expect(await credits(owner)).toBe(before);
    const [row] = await rt.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.teamId, team.id), like(creditLedger.idempotencyKey, 'invoice:sbx_in_%')));
    expect(row).toMatchObject({ userId: owner.userId, amount: monthly, balanceAfter: monthly, reason: 'plan' });

    // Off again: the next renewal is the owner's own.
    expect((await setRenewal(false)).status).toBe(204);
    expect((await renewDueSandboxSubscriptions(billing, after(await periodEnd(owner), SECOND))).renewed).toBe(1);
    expect(await pool()).toBe(monthly);
    expect(await credits(owner)).toBe(before + monthly);
  });

  it('renews at the period end once per period, even run twice or by two processes at once', async () => {
    const user = await signUpTestUser(rt);
    await subscribe(user, '/api/billing/checkout', { planId: 'pro', billingCycle: 'monthly', language: 'en' });
    expect(await credits(user)).toBe(430);
    const first = await subscription(user);
    const end0 = first.currentPeriodEnd!;
    const anchor = await anchorOf(user);
    expect(end0).toEqual(addCalendarMonths(anchor, 1));

    // Not yet over: nothing happens.
    expect((await renewDueSandboxSubscriptions(billing, after(end0, -SECOND))).renewed).toBe(0);
    expect(await credits(user)).toBe(430);

    const now1 = after(end0, 60 * SECOND);
    expect(await renewDueSandboxSubscriptions(billing, now1)).toMatchObject({ renewed: 1, ended: 0, failed: 0 });
    expect(await renewDueSandboxSubscriptions(billing, now1)).toMatchObject({ renewed: 0, ended: 0 });
    expect(await credits(user)).toBe(430 + 400);
    const end1 = await periodEnd(user);
    expect(end1).toEqual(addCalendarMonths(anchor, 2));
    expect(await subscription(user)).toMatchObject({ status: 'active', plan: 'pro', cancelAtPeriodEnd: false });

    // Two processes (each with its own sandbox signing key) at the same moment: one renewal.
    const now2 = after(end1, SECOND);
    const both = await Promise.all([
      renewDueSandboxSubscriptions(billing, now2),
      renewDueSandboxSubscriptions(otherProcess, now2),
    ]);
    expect(both.map((r) => r.renewed).sort()).toEqual([0, 1]);
    expect(await credits(user)).toBe(430 + 800);
    expect(await periodEnd(user)).toEqual(addCalendarMonths(anchor, 3));

    // A paid order per period at the list price, a ledger grant keyed per subscription and period,
    // and the event recorded like a webhook's.
    expect((await orders(user)).map((o) => [o.plan, o.billingCycle, o.amount, o.currency, o.status])).toEqual([
      ['pro', 'monthly', 299, 'USD', 'paid'],
      ['pro', 'monthly', 299, 'USD', 'paid'],
      ['pro', 'monthly', 299, 'USD', 'paid'],
    ]);
    const grants = await renewalGrants(user);
    expect(grants.map((g) => g.amount)).toEqual([400, 400]);
    expect(grants.map((g) => g.key).sort()).toEqual(
      [end0, end1].map(
        (end) => `invoice:sbx_in_${first.providerSubscriptionId}_${end.toISOString().replace(/[-:.]/g, '')}`,
      ),
    );
    const events = await rt.database.db
      .select()
      .from(paymentEvents)
      .where(like(paymentEvents.eventId, `sbx_evt_renew_${first.providerSubscriptionId}_%`));
    expect(events.map((e) => e.type)).toEqual(['invoice.paid', 'invoice.paid']);

    // The profile card and the checkout status read the new period end from the API.
    const status = (await call<SubscriptionStatus>(user, '/api/billing/subscription')).body;
    expect(status).toMatchObject({ subscribed: true, subscription_tier: 'Pro', cancel_at_period_end: false });
    expect(status.subscription_end).toBe(addCalendarMonths(anchor, 3).toISOString());
  });

  it('catches up several missed periods one at a time, at the list price after a discounted start', async () => {
    const referrer = await signUpTestUser(rt);
    const { referralCode } = (await call<ReferralsResponse>(referrer, '/api/referrals')).body;
    const made = await call<{ code: string }>(referrer, '/api/referrals/invitation-codes', {
      codeType: 'discount_new_user',
    });
    const email = `renewal${Date.now()}${++counter}@example.com`;
    const signUp = await rt.request(
      '/api/auth/sign-up/email',
      postJson({ email, password: 'correct horse battery', name: 'renewal', referralCode }),
    );
    const { user: created } = (await signUp.json()) as { user: { id: string } };
    const signedUp: TestUser = { userId: created.id, email, password: '', cookie: cookieOf(signUp) };
    const user = await verifyTestUser(rt, signedUp); // discount codes are for proven addresses
    await subscribe(user, '/api/billing/checkout', {
      planId: 'studio',
      billingCycle: 'monthly',
      language: 'en',
      discountCode: made.body.code,
    });
    expect((await orders(user))[0]).toMatchObject({ amount: 50, discountAmount: 749 });
    const anchor = await anchorOf(user);

    // The server was off for three months and a day: four periods ended (anchor + 1 … 4 months).
    const now = after(addCalendarMonths(anchor, 4), DAY);
    expect(await renewDueSandboxSubscriptions(billing, now)).toMatchObject({ renewed: 4, ended: 0, failed: 0 });
    expect(await renewDueSandboxSubscriptions(billing, now)).toMatchObject({ renewed: 0 });
    expect(await periodEnd(user)).toEqual(addCalendarMonths(anchor, 5));
    expect(await credits(user)).toBe(30 + 1500 + 4 * 1500);
    const history = await orders(user);
    expect(history.map((o) => [o.amount, o.discountAmount])).toEqual([
      [799, 0],
      [799, 0],
      [799, 0],
      [799, 0],
      [50, 749],
    ]);
    expect((await renewalGrants(user)).length).toBe(4);
  });

  it('keeps the anchor day at month ends (Jan 31 → Feb 28 → Mar 31 → Apr 30)', async () => {
    const user = await signUpTestUser(rt);
    await subscribe(user, '/api/billing/checkout', { planId: 'pro', billingCycle: 'monthly', language: 'en' });
    const row = await subscription(user);
    // As if the checkout had been paid on Jan 31, 2025: the first period ends on Feb 28.
    await rt.database.db
      .update(sandboxCheckoutSessions)
      .set({ paidAt: new Date('2025-01-31T10:00:00Z') })
      .where(eq(sandboxCheckoutSessions.subscriptionId, row.providerSubscriptionId));
    await rt.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date('2025-02-28T10:00:00Z') })
      .where(eq(subscriptions.userId, user.userId));
    expect((await renewDueSandboxSubscriptions(billing, new Date('2025-04-01T00:00:00Z'))).renewed).toBe(2);
    expect(await periodEnd(user)).toEqual(new Date('2025-04-30T10:00:00Z'));
    expect(await credits(user)).toBe(430 + 800);
  });

  it('ends a subscription set to cancel at its period end and puts the profile back on Free', async () => {
    const user = await signUpTestUser(rt);
    await subscribe(user, '/api/billing/checkout', { planId: 'pro', billingCycle: 'monthly', language: 'zh-CN' });
    const canceled = await call<SubscriptionStatus>(user, '/api/billing/subscription/cancel', {});
    expect(canceled.body).toMatchObject({ cancel_at_period_end: true });
    const end0 = await periodEnd(user);

    expect(await renewDueSandboxSubscriptions(billing, after(end0, -SECOND))).toMatchObject({ renewed: 0, ended: 0 });
    expect(await profilePlan(user)).toBe('pro');

    const now = after(addCalendarMonths(end0, 2), DAY);
    expect(await renewDueSandboxSubscriptions(billing, now)).toMatchObject({ renewed: 0, ended: 1, failed: 0 });
    expect(await renewDueSandboxSubscriptions(billing, now)).toMatchObject({ renewed: 0, ended: 0 });
    expect(await subscription(user)).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: end0,
    });
    expect(await profilePlan(user)).toBe('free');
    expect(await credits(user)).toBe(430);
    expect(await orders(user)).toHaveLength(1);
    const [event] = await rt.database.db
      .select()
      .from(paymentEvents)
      .where(like(paymentEvents.eventId, `sbx_evt_end_%`))
      .orderBy(paymentEvents.receivedAt);
    expect(event?.type).toBe('customer.subscription.deleted');
    // A new plan may be bought again.
    const again = await call<{ url: string }>(user, '/api/billing/checkout', {
      planId: 'studio',
      billingCycle: 'monthly',
      language: 'zh-CN',
    });
    expect(again.status).toBe(200);
  });

  it('ends the subscription of a Lifetime member without renewing it or demoting them', async () => {
    // Bought Lifetime while subscribed: the subscription was set to cancel at its period end.
    const buyer = await signUpTestUser(rt);
    await subscribe(buyer, '/api/billing/checkout', { planId: 'studio', billingCycle: 'monthly', language: 'en' });
    await subscribe(buyer, '/api/billing/lifetime', { language: 'en' });
    expect(await subscription(buyer)).toMatchObject({ cancelAtPeriodEnd: true });

    // Became Lifetime by the referral reward, the provider not yet told (a pending cancel request).
    const rewarded = await signUpTestUser(rt);
    await subscribe(rewarded, '/api/billing/checkout', { planId: 'pro', billingCycle: 'yearly', language: 'en' });
    await rt.database.db.transaction((tx) => makeLifetime(tx, rewarded.userId));
    expect(await subscription(rewarded)).toMatchObject({
      cancelAtPeriodEnd: false,
      cancelRequestedAt: expect.any(Date),
    });

    const now = after(await periodEnd(rewarded), DAY);
    const result = await renewDueSandboxSubscriptions(billing, now);
    expect(result).toEqual({ renewed: 0, ended: 2, failed: 0 });
    for (const user of [buyer, rewarded]) {
      expect(await subscription(user)).toMatchObject({ status: 'canceled', cancelRequestedAt: null });
      expect(await profilePlan(user)).toBe('lifetime');
      expect((await call<SubscriptionStatus>(user, '/api/billing/subscription')).body).toMatchObject({
        subscribed: true,
        subscription_tier: 'Lifetime',
      });
      expect(await renewalGrants(user)).toEqual([]);
    }
    expect(await credits(buyer)).toBe(30 + 1500 + 1500);
    expect(await credits(rewarded)).toBe(30 + 4800);
  });

  it('renews a yearly subscription after a year, with a year of credits', async () => {
    const user = await signUpTestUser(rt);
    await subscribe(user, '/api/billing/checkout', { planId: 'pro', billingCycle: 'yearly', language: 'zh-TW' });
    expect(await credits(user)).toBe(30 + 4800);
    const end0 = await periodEnd(user);
    const anchor = await anchorOf(user);
    expect(end0).toEqual(addCalendarMonths(anchor, 12));

    // Eleven months in: still the first year.
    expect((await renewDueSandboxSubscriptions(billing, after(end0, -30 * DAY))).renewed).toBe(0);
    expect((await renewDueSandboxSubscriptions(billing, after(end0, SECOND))).renewed).toBe(1);
    expect(await periodEnd(user)).toEqual(addCalendarMonths(anchor, 24));
    expect(await credits(user)).toBe(30 + 2 * 4800);
    expect((await orders(user))[0]).toMatchObject({ billingCycle: 'yearly', amount: 19800, currency: 'HKD' });
  });
});
