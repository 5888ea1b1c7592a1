import {
  type CheckoutRequest as CheckoutBody,
  CURRENCIES,
  CURRENCY_BY_LANGUAGE,
  type Currency,
  creditsForPeriod,
  creditsForPlanChange,
  type DiscountCheckRequest,
  type DiscountCheckResponse,
  type Language,
  LIFETIME_SLOTS_TOTAL,
  type LifetimeRequest,
  lifetimePrice,
  type Order,
  PLAN_CHANGE_QUOTE_MINUTES,
  type PlanChangePreview,
  type PlanChangeRequestBody,
  type PlansResponse,
  type SubscriptionStatus,
  subscriptionPrice,
  toMinorUnits,
  type UpgradeRequest,
  type VerifyResponse,
} from '@atelier/contracts';
import type { Database } from '../../platform/db/database.ts';
import type { SubscriptionRow } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { runningExperiencePassEnd } from '../referrals/redeem-code.ts';
import { completeReferralIfEarned } from '../referrals/referral-rewards.ts';
import { applyPaymentFacts, applyProviderEvent } from './apply-payment-facts.ts';
import { attachSession, releaseReservation, reserveCheckout } from './checkout-reservations.ts';
import { enforceDiscountAttempts, previewDiscount } from './discount-codes.ts';
import { buildPlansResponse } from './plans-response.ts';
import {
  type PaidCycle,
  type PaidPlan,
  type PaymentFact,
  type PaymentProvider,
  type PlanChangeRequest,
  UnsupportedByProviderError,
} from './providers/payment-provider.ts';
import { SandboxProvider } from './providers/sandbox-provider.ts';
import {
  type CheckoutKind,
  checkoutKindOf,
  countPaidLifetimeOrders,
  findCustomerId,
  findOrderBySession,
  findSubscription,
  getProfilePlan,
  hasInvoicePaidSince,
  listCancelRequests,
  listPendingCheckouts,
  listRefundingOrders,
  listVisibleOrders,
  lockProfile,
  lockSubscriptionOfUser,
  saveCustomerId,
  settleCancelRequest,
  updateOrderRefunded,
} from './repo.ts';
import { renewSandboxSubscriptions, type SandboxRenewalResult } from './sandbox-renewals.ts';

/** The caller as the billing service needs it. */
export interface BillingUser {
  id: string;
  email: string;
}

const TIER = { free: 'Free', pro: 'Pro', studio: 'Studio', lifetime: 'Lifetime' } as const;
const PRODUCT_NAME: Record<PaidPlan, string> = {
  pro: 'Atelier Pro',
  studio: 'Atelier Studio',
  lifetime: 'Atelier Lifetime',
};
/** Checkouts that `orders/sync` asks the provider about, newest first. */
const SYNC_LIMIT = 20;
/** Pending subscription cancellations passed to the provider after each payment commit. */
const CANCEL_BATCH = 20;

/** The English fallback texts of the payment errors; the SPA shows each code in the user's language. */
const MESSAGES = {
  checkout: 'Failed to process subscription. Please try again.',
  upgrade: 'Subscription update failed. Please try again or contact support.',
  preview: 'Could not work out the charge for this change. Please try again.',
  lifetime: 'Failed to create payment session. Please try again.',
  verify: 'There was an issue verifying your payment.',
  portal: 'Could not open the billing portal. Please try again.',
};

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/**
 * Plans, checkouts, plan changes, verification and order history. Money-moving calls go to the
 * payment provider; plans and credits change only in applyPaymentFacts, from what the provider
 * vouched for.
 */
/** Providers prorate to the second. */
const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * The moment a confirmed plan change is prorated at: the preview's, while its quote holds (a
 * minute of clock difference allowed ahead), so the charge is what the preview said; now when
 * the caller sent none.
 */
function quotedMoment(prorationDate: string | undefined, now = new Date()): Date {
  if (prorationDate === undefined) return wholeSeconds(now);
  const at = wholeSeconds(new Date(prorationDate));
  const age = now.getTime() - at.getTime();
  if (age > PLAN_CHANGE_QUOTE_MINUTES * 60_000 || age < -60_000) {
    throw new AppError('PLAN_CHANGE_QUOTE_EXPIRED', 'This price has expired. Review the change again.');
  }
  return at;
}

/** What the billing functions need: the database, the payment provider, PUBLIC_URL and the log. */
export interface BillingDeps {
  db: Database;
  paymentProvider: PaymentProvider;
  publicUrl: string;
  logger: Logger;
}

export async function remainingLifetimeSlots(deps: BillingDeps): Promise<number> {
  return Math.max(0, LIFETIME_SLOTS_TOTAL - (await countPaidLifetimeOrders(deps.db)));
}

export async function plans(deps: BillingDeps, language: Language): Promise<PlansResponse> {
  return buildPlansResponse(language, await remainingLifetimeSlots(deps), deps.paymentProvider.name);
}

/** A new subscription for a user who has none (a subscribed user changes plan with `upgrade`). */
export async function checkout(deps: BillingDeps, user: BillingUser, body: CheckoutBody): Promise<{ url: string }> {
  const current = await currentPlan(deps, user.id);
  if (current === body.planId) throw alreadySubscribed('You are already subscribed to this plan.');
  if (current === 'lifetime') throw alreadySubscribed('Lifetime members already have every plan.');
  if (await activeSubscription(deps, user.id)) {
    throw alreadySubscribed('You already have a subscription: change your plan with an upgrade.');
  }
  const currency = CURRENCY_BY_LANGUAGE[body.language];
  const price = subscriptionPrice(currency, body.planId, body.billingCycle);
  return startCheckout(deps, user, {
    plan: body.planId,
    cycle: body.billingCycle,
    amount: toMinorUnits(price.amount),
    currency,
    discountCode: body.discountCode,
    failureMessage: MESSAGES.checkout,
  });
}

/**
 * The pricing page's preview of a discount code: what it takes off a checkout in the
 * language's currency, or the DISCOUNT_CODE_* error a checkout with it would answer.
 */
export async function checkDiscount(
  deps: BillingDeps,
  user: BillingUser,
  body: DiscountCheckRequest,
): Promise<DiscountCheckResponse> {
  await enforceDiscountAttempts(deps.db, user.id);
  const { codeId: _codeId, ...usable } = await previewDiscount(deps.db, {
    userId: user.id,
    rawCode: body.code,
    currency: CURRENCY_BY_LANGUAGE[body.language],
    now: new Date(),
  });
  return usable;
}

/** The one-time lifetime payment, priced by the remaining slots at this moment. */
export async function startLifetimeCheckout(
  deps: BillingDeps,
  user: BillingUser,
  body: LifetimeRequest,
): Promise<{ url: string }> {
  if ((await currentPlan(deps, user.id)) === 'lifetime') {
    throw alreadySubscribed('You are already a Lifetime member.');
  }
  const remaining = await remainingLifetimeSlots(deps);
  if (remaining <= 0) throw new AppError('CONFLICT', 'Lifetime memberships are sold out.');
  const currency = CURRENCY_BY_LANGUAGE[body.language];
  const price = lifetimePrice(currency, remaining);
  return startCheckout(deps, user, {
    plan: 'lifetime',
    cycle: 'lifetime',
    amount: toMinorUnits(price.amount),
    currency,
    discountCode: body.discountCode,
    failureMessage: MESSAGES.lifetime,
  });
}

/**
 * Moves an active subscription to another plan or cycle; the provider prorates the charge.
 * One change of a customer at a time (ADR 0053): the subscription row stays locked from reading
 * the plan being changed until the provider's answer is applied, so a second change waits and is
 * priced from the plan the first one left. A confirmed preview whose plan changed meanwhile (a
 * plan change or renewal paid after its moment) is refused: its price is no longer the one shown.
 */
export async function upgrade(deps: BillingDeps, user: BillingUser, body: PlanChangeRequestBody): Promise<void> {
  const at = quotedMoment(body.prorationDate);
  await deps.db.transaction(async (tx) => {
    await lockProfile(tx, user.id);
    const subscription = await lockSubscriptionOfUser(tx, user.id);
    if (body.prorationDate && (await hasInvoicePaidSince(tx, user.id, at))) {
      throw new AppError('PLAN_CHANGE_QUOTE_EXPIRED', 'This price has expired. Review the change again.');
    }
    const change = planChangeOf(user, body, at, (await getProfilePlan(tx, user.id))?.plan, running(subscription));
    const facts = await callProvider(deps, MESSAGES.upgrade, () => deps.paymentProvider.changePlan(change));
    await applyPaymentFacts({ tx, provider: deps.paymentProvider.name, log: deps.logger }, facts);
  });
  await afterPayments(deps);
}

/**
 * What `upgrade` with the same body would charge now, from the provider's own proration,
 * and the credits it would add; charges and changes nothing.
 */
export async function previewChange(
  deps: BillingDeps,
  user: BillingUser,
  body: UpgradeRequest,
): Promise<PlanChangePreview> {
  const subscription = await activeSubscription(deps, user.id);
  const change = planChangeOf(user, body, wholeSeconds(new Date()), await currentPlan(deps, user.id), subscription);
  const quote = await callProvider(deps, MESSAGES.preview, () => deps.paymentProvider.previewPlanChange(change));
  return {
    planId: change.plan,
    billingCycle: change.cycle,
    amountDue: quote.amountDue,
    currency: change.currency,
    credits: creditsForPlanChange(change.plan, change.cycle, change.previousPlan, change.previousCycle),
    nextRenewal: quote.periodEnd?.toISOString() ?? null,
    prorationDate: change.prorationDate.toISOString(),
  };
}

/** The change of the caller's active subscription that `body` asks for, or why there is none. */
function planChangeOf(
  user: BillingUser,
  body: UpgradeRequest,
  prorationDate: Date,
  plan: string | undefined,
  subscription: SubscriptionRow | undefined,
): PlanChangeRequest {
  if (plan === 'lifetime') throw alreadySubscribed('Lifetime members already have every plan.');
  if (!subscription) {
    throw new AppError('NO_ACTIVE_SUBSCRIPTION', 'No active subscription found. Please subscribe first.');
  }
  if (subscription.plan === body.planId && subscription.billingCycle === body.billingCycle) {
    throw alreadySubscribed('You are already subscribed to this plan.');
  }
  // A subscription keeps the currency it was bought in (providers do not mix currencies).
  const currency = isCurrency(subscription.currency) ? subscription.currency : CURRENCY_BY_LANGUAGE[body.language];
  return {
    subscriptionId: subscription.providerSubscriptionId,
    userId: user.id,
    plan: body.planId,
    cycle: body.billingCycle,
    previousPlan: subscription.plan,
    previousCycle: subscription.billingCycle,
    amount: toMinorUnits(subscriptionPrice(currency, body.planId, body.billingCycle).amount),
    previousAmount: toMinorUnits(subscriptionPrice(currency, subscription.plan, subscription.billingCycle).amount),
    currency,
    currentPeriodEnd: subscription.currentPeriodEnd,
    productName: PRODUCT_NAME[body.planId],
    prorationDate,
  };
}

/** Stops renewal; the plan stays until the end of the paid period. */
export async function cancelAtPeriodEnd(deps: BillingDeps, userId: string): Promise<void> {
  const subscription = await activeSubscription(deps, userId);
  if (!subscription) {
    throw new AppError('NO_ACTIVE_SUBSCRIPTION', 'No active subscription found. Please subscribe first.');
  }
  const id = subscription.providerSubscriptionId;
  const facts = await callProvider(deps, MESSAGES.upgrade, () => deps.paymentProvider.cancelAtPeriodEnd(id));
  await recordRenewalStopped(deps, id, facts);
}

/**
 * Records the provider's answer to a cancellation. The sandbox keeps no subscription of its
 * own (no facts): its row is marked here. Either way a pending cancel request is settled.
 */
async function recordRenewalStopped(
  deps: BillingDeps,
  providerSubscriptionId: string,
  facts: readonly PaymentFact[],
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await applyPaymentFacts({ tx, provider: deps.paymentProvider.name, log: deps.logger }, facts);
    await settleCancelRequest(tx, providerSubscriptionId, { cancelAtPeriodEnd: true });
  });
}

/**
 * Passes pending cancellations to the provider (ADR 0009): a subscription still running when
 * its owner became Lifetime is set to end at its period's end. The request was recorded in
 * the transaction that made the user Lifetime; the provider is called here, after that
 * commit, never inside it. Called after every payment this process applies (so a failed call
 * is retried with the next webhook), and for the caller on `orders/sync`. A failure is logged
 * and leaves the request for the next attempt; the call is idempotent at the provider.
 */
export async function processCancelRequests(deps: BillingDeps, options: { userId?: string } = {}): Promise<number> {
  const pending = await listCancelRequests(deps.db, deps.paymentProvider.name, { ...options, limit: CANCEL_BATCH });
  let done = 0;
  for (const row of pending) {
    if (row.cancelAtPeriodEnd || (row.status !== 'active' && row.status !== 'past_due')) {
      await settleCancelRequest(deps.db, row.providerSubscriptionId);
      continue;
    }
    try {
      const facts = await deps.paymentProvider.cancelAtPeriodEnd(row.providerSubscriptionId);
      await recordRenewalStopped(deps, row.providerSubscriptionId, facts);
      done++;
    } catch (err) {
      deps.logger.error(
        {
          subscriptionId: row.providerSubscriptionId,
          err: { name: (err as Error).name, message: (err as Error).message },
        },
        'billing: could not cancel the subscription of a Lifetime member; will retry',
      );
    }
  }
  return done;
}

/**
 * The sandbox's periodic renewal (ADR 0006, addendum): every sandbox subscription whose
 * period ended by `now` is renewed (a paid order at the list price, the next period, its
 * credits once) or, when set to cancel at period end, ended — through the same facts and
 * applyPaymentFacts as Stripe's renewal webhooks. Pending Lifetime cancellations reach the
 * sandbox first, so a Lifetime member's subscription ends instead of renewing. Does nothing
 * with another provider, whose renewals arrive as webhooks.
 */
export async function renewDueSandboxSubscriptions(
  deps: BillingDeps,
  now: Date = new Date(),
): Promise<SandboxRenewalResult> {
  if (!(deps.paymentProvider instanceof SandboxProvider)) return { renewed: 0, ended: 0, failed: 0 };
  await afterPayments(deps);
  return renewSandboxSubscriptions({ db: deps.db, sandbox: deps.paymentProvider, log: deps.logger }, now);
}

/**
 * The payment-success page's check: asks the provider about the caller's own session and, if
 * it is paid and not yet granted, grants it now (the webhook may not have arrived yet).
 */
export async function verify(deps: BillingDeps, userId: string, sessionId: string): Promise<boolean> {
  const order = await findOrderBySession(deps.db, sessionId, { userId });
  if (!order || order.status === 'refunding' || order.status === 'refunded') return false;
  if (order.status === 'paid') return true;
  const paid = await callProvider(deps, MESSAGES.verify, () => deps.paymentProvider.retrieveCheckout(sessionId));
  if (!paid) return false;
  await apply(deps, [paid]);
  return true;
}

/** `verify`, answering what the caller's paid order bought: plan, amount charged, credits added. */
export async function verifyWithSummary(deps: BillingDeps, userId: string, sessionId: string): Promise<VerifyResponse> {
  if (!(await verify(deps, userId, sessionId))) {
    const order = await findOrderBySession(deps.db, sessionId, { userId });
    const refunded = order?.status === 'refunding' || order?.status === 'refunded';
    return { verified: false, order: null, ...(refunded ? { refunded } : {}) };
  }
  const order = await findOrderBySession(deps.db, sessionId, { userId });
  if (order?.status !== 'paid' || !isCurrency(order.currency)) return { verified: true, order: null };
  return {
    verified: true,
    order: {
      plan: order.plan,
      billingCycle: order.billingCycle,
      amount: order.amount,
      currency: order.currency,
      credits: creditsForPeriod(order.plan, order.billingCycle),
    },
  };
}

/** Asks the provider about the caller's pending checkouts; answers how many became paid. */
export async function syncOrders(deps: BillingDeps, userId: string): Promise<number> {
  let updated = 0;
  for (const order of await listPendingCheckouts(deps.db, userId, SYNC_LIMIT)) {
    if (order.providerSessionId && (await verify(deps, userId, order.providerSessionId))) updated++;
  }
  await processCancelRequests(deps, { userId });
  await processRefunds(deps, { userId });
  return updated;
}

export async function status(deps: BillingDeps, userId: string): Promise<SubscriptionStatus> {
  const plan = await currentPlan(deps, userId);
  const free: SubscriptionStatus = {
    subscribed: false,
    subscription_tier: 'Free',
    subscription_end: null,
    cancel_at_period_end: false,
    billing_cycle: null,
  };
  if (plan === 'lifetime')
    return { ...free, subscribed: true, subscription_tier: 'Lifetime', billing_cycle: 'lifetime' };
  const subscription = await activeSubscription(deps, userId);
  if (!subscription) {
    // A redeemed experience code: Studio until its end, then Free again with nothing to undo.
    const passEnd = await runningExperiencePassEnd(deps.db, userId);
    if (!passEnd) return free;
    return {
      ...free,
      subscribed: true,
      subscription_tier: 'Studio',
      subscription_end: passEnd.toISOString(),
      cancel_at_period_end: true,
    };
  }
  return {
    subscribed: true,
    subscription_tier: TIER[subscription.plan],
    subscription_end: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    billing_cycle: subscription.billingCycle,
  };
}

export async function orders(deps: BillingDeps, userId: string): Promise<Order[]> {
  const rows = await listVisibleOrders(deps.db, userId);
  return rows.map((row) => ({
    id: row.id,
    plan: row.plan,
    billingCycle: row.billingCycle,
    amount: row.amount,
    currency: row.currency.toUpperCase(),
    status: row.status === 'paid' ? 'paid' : row.status === 'pending' ? 'pending' : 'refunded',
    createdAt: row.createdAt.toISOString(),
    discountAmount: row.discountAmount,
  }));
}

/** A Billing Portal session (Stripe) where the user manages cards, invoices and cancellation. */
export async function portal(deps: BillingDeps, userId: string): Promise<{ url: string }> {
  const customerId = await findCustomerId(deps.db, userId, deps.paymentProvider.name);
  if (!customerId) throw notFound('Billing account');
  try {
    const url = await deps.paymentProvider.createPortalSession({ customerId, returnUrl: `${deps.publicUrl}/profile` });
    return { url };
  } catch (err) {
    if (err instanceof UnsupportedByProviderError) {
      throw new AppError('CONFLICT', 'The billing portal is available with Stripe payments only.');
    }
    deps.logger.error({ err }, 'billing: portal session failed');
    throw new AppError('PAYMENT_ERROR', MESSAGES.portal);
  }
}

/**
 * A delivered provider event: verified first (a bad signature throws before anything is
 * read), then recorded by its id in the same transaction as its effects, so a redelivered
 * event changes nothing.
 */
export async function handleEvent(deps: BillingDeps, rawBody: string, signature: string | undefined): Promise<void> {
  const event = await deps.paymentProvider.parseEvent(rawBody, signature);
  await deps.db.transaction((tx) =>
    applyProviderEvent({ tx, provider: deps.paymentProvider.name, log: deps.logger }, event),
  );
  await afterPayments(deps);
}

/**
 * A referred account's e-mail address was just verified: its referral completes now if it has
 * paid already — a referral counts once both hold, whichever comes last (ADR 0028) — and a
 * Lifetime reward it earns reaches the referrer's running subscription as after a payment.
 */
export async function accountVerified(deps: BillingDeps, userId: string): Promise<void> {
  await deps.db.transaction((tx) => completeReferralIfEarned(tx, userId));
  await afterPayments(deps);
}

/** Applies facts in one transaction, then passes on the cancellations and refunds they requested. */
async function apply(deps: BillingDeps, facts: readonly PaymentFact[]) {
  await deps.db.transaction((tx) =>
    applyPaymentFacts({ tx, provider: deps.paymentProvider.name, log: deps.logger }, facts),
  );
  await afterPayments(deps);
}

/**
 * What payments leave for the provider once they are committed: cancellations and refunds. The
 * payments are applied whatever happens here: a failure is logged and retried after the next.
 */
async function afterPayments(deps: BillingDeps) {
  await processCancelRequests(deps).catch((err: unknown) =>
    deps.logger.error({ err: { message: (err as Error).message } }, 'billing: cancel requests failed'),
  );
  await processRefunds(deps).catch((err: unknown) =>
    deps.logger.error({ err: { message: (err as Error).message } }, 'billing: refunds failed'),
  );
}

/**
 * Gives back, through the provider, the payments refused when they arrived (ADR 0053): recorded
 * `refunding` in the payment's transaction, refunded here after it commits, then `refunded`.
 * Called after every payment this process applies and for the caller on `orders/sync`; a
 * failure leaves the order for the next attempt (the provider's refund is idempotent).
 */
export async function processRefunds(deps: BillingDeps, options: { userId?: string } = {}): Promise<number> {
  const pending = await listRefundingOrders(deps.db, deps.paymentProvider.name, { ...options, limit: CANCEL_BATCH });
  let done = 0;
  for (const order of pending) {
    if (!order.providerSessionId) continue;
    try {
      await deps.paymentProvider.refundCheckout(order.providerSessionId);
      await updateOrderRefunded(deps.db, order.id);
      done++;
    } catch (err) {
      deps.logger.error(
        { orderId: order.id, err: { name: (err as Error).name, message: (err as Error).message } },
        'billing: could not refund a refused payment; will retry',
      );
    }
  }
  return done;
}

/**
 * Opens a checkout (ADR 0028). Its pending order is recorded first, reserving a discount
 * code's use under row locks (reserveCheckout); then the provider is asked for a session that
 * expires when the order does. A provider failure releases the reservation at once; a crash in
 * between leaves an order that expires by itself. A discount (never below the minimum charge)
 * comes off the first payment; the order records the amount charged, the amount taken off
 * and the code, whose use is counted when paid.
 */
async function startCheckout(
  deps: BillingDeps,
  user: BillingUser,
  { plan, cycle, amount, currency, discountCode, failureMessage }: CheckoutPlan,
): Promise<{ url: string }> {
  // One open checkout of each kind per customer (as Stripe advises): a new one closes the
  // old at the provider. A discounted one closes every other (a new user has none open).
  if (discountCode) await enforceDiscountAttempts(deps.db, user.id);
  await closeOpenCheckouts(deps, user.id, discountCode ? undefined : checkoutKindOf(plan));
  const reserved = await reserveCheckout(deps.db, {
    userId: user.id,
    provider: deps.paymentProvider.name,
    plan,
    cycle,
    amount,
    currency,
    discountCode,
    now: new Date(),
  });
  try {
    const checkout = await callProvider(deps, failureMessage, async () =>
      deps.paymentProvider.createCheckout({
        orderId: reserved.orderId,
        userId: user.id,
        customerId: await customerId(deps, user),
        plan,
        cycle,
        amount,
        currency,
        discount: reserved.discount
          ? { amount: reserved.discount.amount, name: `Discount code ${reserved.discount.code}` }
          : null,
        productName: PRODUCT_NAME[plan],
        expiresAt: reserved.expiresAt,
        successUrl: `${deps.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.publicUrl}/pricing`,
      }),
    );
    await attachSession(deps.db, reserved.orderId, checkout.sessionId);
    return { url: checkout.url };
  } catch (err) {
    await releaseReservation(deps.db, reserved.orderId);
    throw err;
  }
}

/**
 * Before a checkout: the caller's other checkouts still pending — of the same kind, or every
 * one before a discounted checkout — are closed at the provider (Stripe's expire call), so one
 * person never has two payable checkouts of a kind, nor a discounted one beside another, and
 * "back, change the plan, check out again" works. One found paid is applied (and the new
 * checkout is then judged against it). One that cannot be closed (a payment under way, the
 * provider unreachable) stays open, and the reservation refuses the new checkout.
 */
async function closeOpenCheckouts(deps: BillingDeps, userId: string, kind?: CheckoutKind): Promise<void> {
  for (const order of await listPendingCheckouts(deps.db, userId, SYNC_LIMIT, kind)) {
    const sessionId = order.providerSessionId;
    if (!sessionId) continue; // being opened right now: the reservation refuses
    try {
      const paid = await deps.paymentProvider.expireCheckout(sessionId);
      await apply(deps, [paid ?? { type: 'checkout.canceled', sessionId }]);
    } catch (err) {
      deps.logger.warn(
        { orderId: order.id, err: { name: (err as Error).name, message: (err as Error).message } },
        'billing: could not close an open checkout before another',
      );
    }
  }
}

async function customerId(deps: BillingDeps, user: BillingUser): Promise<string> {
  const existing = await findCustomerId(deps.db, user.id, deps.paymentProvider.name);
  if (existing) return existing;
  const created = await deps.paymentProvider.createCustomer({ userId: user.id, email: user.email });
  return saveCustomerId(deps.db, user.id, deps.paymentProvider.name, created);
}

async function currentPlan(deps: BillingDeps, userId: string) {
  const profile = await getProfilePlan(deps.db, userId);
  if (!profile) throw notFound('Profile');
  return profile.plan;
}

/** The user's subscription while it gives access (active or being retried, period not over). */
async function activeSubscription(deps: BillingDeps, userId: string) {
  return running(await findSubscription(deps.db, userId));
}

/** The row, if it still gives access: active or being retried, its period not over. */
function running(row: SubscriptionRow | undefined): SubscriptionRow | undefined {
  if (!row || (row.status !== 'active' && row.status !== 'past_due')) return undefined;
  if (row.currentPeriodEnd && row.currentPeriodEnd <= new Date()) return undefined;
  return row;
}

/** Runs a provider call; a failure is logged (without secrets) and answered as PAYMENT_ERROR. */
async function callProvider<T>(deps: BillingDeps, message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.logger.error(
      { err: { name: (err as Error).name, message: (err as Error).message } },
      'billing: provider call failed',
    );
    throw new AppError('PAYMENT_ERROR', message);
  }
}
const alreadySubscribed = (message: string) => new AppError('ALREADY_SUBSCRIBED', message);

interface CheckoutPlan {
  plan: PaidPlan;
  cycle: PaidCycle;
  /** The list price, minor units. */
  amount: number;
  currency: Currency;
  /** A new-user discount code as typed; checked and reserved with the order. */
  discountCode: string | undefined;
  failureMessage: string;
}
