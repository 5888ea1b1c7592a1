import type { OrdersResponse, PlanChangePreview, VerifyResponse } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SandboxProvider } from '../../src/modules/billing/providers/sandbox-provider.ts';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { orders, profiles, sandboxCheckoutSessions, subscriptions } from '../../src/platform/db/schema/index.ts';
import type { FakeStripe } from '../fakes/fake-stripe.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createStripeTestRuntime, type StripeTestRuntime } from '../support/stripe-test-runtime.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { callApi, signUpTestUser, type TestUser } from '../support/users.ts';

// Payments were checked only when a checkout opened: a Pro and a Studio checkout both paid
// (299 + 799, one subscription kept, the other billing on at Stripe), two Lifetime checkouts
// paid (2 × 39, two slots), and four concurrent plan changes all priced from Pro monthly. Now a
// customer has one open checkout of each kind, a payment is judged again when it arrives (one no
// longer allowed is refunded through the provider), and plan changes go one at a time.

const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const LIFETIME = { language: 'en' };
const plan = (planId: 'pro' | 'studio', billingCycle: 'monthly' | 'yearly' = 'monthly') => ({
  planId,
  billingCycle,
  language: 'en',
});

function paymentsOf(rt: () => TestRuntime) {
  const call = <T>(user: TestUser, path: string, body?: unknown) => callApi<T>(rt(), user, path, body);
  const open = async (user: TestUser, path: string, body: object) => {
    const res = await call<{ url: string }>(user, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return sessionOf(res.body.url);
  };
  const ordersOf = async (user: TestUser) =>
    (await call<OrdersResponse>(user, '/api/billing/orders')).body.orders.map((o) => [o.plan, o.status]);
  const profileOf = async (user: TestUser) =>
    (await rt().database.db.select().from(profiles).where(eq(profiles.userId, user.userId)))[0]!;
  const verify = (user: TestUser, sessionId: string) =>
    call<VerifyResponse>(user, '/api/billing/verify', { sessionId });
  return { call, open, ordersOf, profileOf, verify };
}

describeOnEachDatabase('payments serialized per customer with the sandbox', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());
  const p = paymentsOf(() => rt);
  const sandbox = () => rt.paymentProvider as SandboxProvider;
  const pay = (sessionId: string) =>
    rt.request(`/billing/sandbox/checkout/${sessionId}/pay`, { method: 'POST' }).then((r) => r.status);

  it('a new Lifetime checkout closes the old one at the provider: only one can be paid', async () => {
    const user = await signUpTestUser(rt);
    const first = await p.open(user, '/api/billing/lifetime', LIFETIME);
    const second = await p.open(user, '/api/billing/lifetime', LIFETIME);
    const [closed] = await rt.database.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, first));
    expect(closed?.status).toBe('expired');
    await pay(first);
    expect(await pay(second)).toBe(303);
    expect(await p.ordersOf(user)).toEqual([['lifetime', 'paid']]);
  });

  it('two Lifetime payments: the second, paid after the first was applied, buys nothing and is refunded', async () => {
    const user = await signUpTestUser(rt);
    const first = await p.open(user, '/api/billing/lifetime', LIFETIME);
    await sandbox().pay(first); // paid at the provider; its event not here yet
    const second = await p.open(user, '/api/billing/lifetime', LIFETIME); // finds the first paid on the way
    expect((await p.profileOf(user)).subscriptionType).toBe('lifetime');
    expect(await pay(second)).toBe(303);
    expect(await p.ordersOf(user)).toEqual([
      ['lifetime', 'refunded'],
      ['lifetime', 'paid'],
    ]);
    const [session] = await rt.database.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, second));
    expect(session?.status).toBe('refunded');
    expect((await p.verify(user, second)).body).toMatchObject({ verified: false, refunded: true });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30 + 1500);
  });

  it('a second subscription paid while the first runs is refused and refunded', async () => {
    const user = await signUpTestUser(rt);
    const pro = await p.open(user, '/api/billing/checkout', plan('pro'));
    await sandbox().pay(pro);
    const studio = await p.open(user, '/api/billing/checkout', plan('studio'));
    expect(await pay(studio)).toBe(303);
    expect(await p.ordersOf(user)).toEqual([
      ['studio', 'refunded'],
      ['pro', 'paid'],
    ]);
    const [row] = await rt.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row?.plan).toBe('pro');
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30 + 400);
  });

  it('concurrent plan changes go one at a time, each priced from the plan it changes', async () => {
    const user = await signUpTestUser(rt);
    expect(await pay(await p.open(user, '/api/billing/checkout', plan('pro')))).toBe(303);
    const targets = [plan('pro', 'yearly'), plan('studio'), plan('studio', 'yearly'), plan('pro', 'yearly')];
    const answers = await Promise.all(targets.map((body) => p.call(user, '/api/billing/upgrade', body)));
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const invoices = await rt.database.db.select().from(orders).where(eq(orders.userId, user.userId));
    const changes = invoices.filter((o) => o.providerSessionId === null).sort((a, b) => +a.paidAt! - +b.paidAt!);
    expect(changes).toHaveLength(answers.filter((a) => a.status === 200).length);
    // The account ends on the plan of the last change paid, and its subscription says the same.
    const [row] = await rt.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    const last = changes.at(-1)!;
    expect([row?.plan, row?.billingCycle]).toEqual([last.plan, last.billingCycle]);
    expect((await p.profileOf(user)).subscriptionType).toBe(last.plan);
  });

  it('a confirmed preview whose plan changed meanwhile is refused, not charged at another price', async () => {
    const user = await signUpTestUser(rt);
    expect(await pay(await p.open(user, '/api/billing/checkout', plan('pro')))).toBe(303);
    const previewOf = async (body: object) =>
      (await p.call<PlanChangePreview>(user, '/api/billing/change-preview', body)).body;
    const [toStudio, toYearly] = [await previewOf(plan('studio', 'yearly')), await previewOf(plan('pro', 'yearly'))];
    const answers = await Promise.all(
      [
        { ...plan('studio', 'yearly'), prorationDate: toStudio.prorationDate },
        { ...plan('pro', 'yearly'), prorationDate: toYearly.prorationDate },
      ].map((body) => p.call(user, '/api/billing/upgrade', body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error?.code).toBe('PLAN_CHANGE_QUOTE_EXPIRED');
    const won = answers[0]!.status === 200 ? toStudio : toYearly;
    const invoices = await rt.database.db.select().from(orders).where(eq(orders.userId, user.userId));
    expect(invoices.filter((o) => o.providerSessionId === null).map((o) => [o.plan, o.amount])).toEqual([
      [won.planId, won.amountDue],
    ]);
  });
});

describeOnEachDatabase('payments serialized per customer with Stripe (local fake)', (kind) => {
  let harness: StripeTestRuntime;
  let rt: TestRuntime;
  let stripe: FakeStripe;
  beforeAll(async () => {
    harness = await createStripeTestRuntime(kind);
    ({ rt, stripe } = harness);
  });
  afterAll(() => harness?.close());
  const p = paymentsOf(() => rt);
  const completed = async (sessionId: string) => {
    const session = stripe.completeCheckout(sessionId);
    expect((await harness.deliver(stripe.signedEvent('checkout.session.completed', session))).status).toBe(200);
    return session;
  };

  it('a new checkout expires the old one at Stripe', async () => {
    const user = await signUpTestUser(rt);
    const first = await p.open(user, '/api/billing/lifetime', LIFETIME);
    await p.open(user, '/api/billing/lifetime', LIFETIME);
    expect(stripe.sessions.get(first)?.status).toBe('expired');
    expect(() => stripe.completeCheckout(first)).toThrow(/cannot be paid/);
  });

  it('a second Lifetime paid at Stripe is refunded through Stripe', async () => {
    const user = await signUpTestUser(rt);
    const first = await p.open(user, '/api/billing/lifetime', LIFETIME);
    stripe.completeCheckout(first); // paid, its webhook late
    const second = await p.open(user, '/api/billing/lifetime', LIFETIME);
    const paid = await completed(second);
    expect(await p.ordersOf(user)).toEqual([
      ['lifetime', 'refunded'],
      ['lifetime', 'paid'],
    ]);
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === paid.payment_intent);
    expect(refunds).toHaveLength(1);
    // A redelivered event refunds nothing twice and grants nothing.
    expect((await harness.deliver(stripe.signedEvent('checkout.session.completed', paid))).status).toBe(200);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30 + 1500);
  });

  it('a second subscription paid at Stripe is cancelled there and its first invoice refunded', async () => {
    const user = await signUpTestUser(rt);
    const pro = await p.open(user, '/api/billing/checkout', plan('pro'));
    stripe.completeCheckout(pro);
    const studio = await p.open(user, '/api/billing/checkout', plan('studio'));
    const session = await completed(studio);
    const refused = stripe.subscriptions.get(session.subscription as string)!;
    expect(refused.status).toBe('canceled');
    expect(stripe.refunds.size).toBeGreaterThan(0);
    expect(await p.ordersOf(user)).toEqual([
      ['studio', 'refunded'],
      ['pro', 'paid'],
    ]);
    const [row] = await rt.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row?.providerSubscriptionId).toBe(stripe.sessions.get(pro)?.subscription);
  });

  it('concurrent plan changes reach Stripe one at a time, each from the price the last one left', async () => {
    const user = await signUpTestUser(rt);
    await completed(await p.open(user, '/api/billing/checkout', plan('pro')));
    const answers = await Promise.all(
      [plan('studio'), plan('pro', 'yearly'), plan('studio', 'yearly')].map((body) =>
        p.call(user, '/api/billing/upgrade', body),
      ),
    );
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const [row] = await rt.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    const item = (
      stripe.subscriptions.get(row!.providerSubscriptionId)!.items as { data: { price: { unit_amount: number } }[] }
    ).data[0]!;
    const prices = { 'pro:monthly': 299, 'pro:yearly': 2900, 'studio:monthly': 799, 'studio:yearly': 7900 };
    expect(item.price.unit_amount).toBe(prices[`${row!.plan}:${row!.billingCycle}` as keyof typeof prices]);
    // Each change was invoiced from the price before it: the invoices add up to the final price.
    const updates = stripe.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'));
    expect(updates.length).toBe(answers.filter((a) => a.status === 200).length);
  });
});
