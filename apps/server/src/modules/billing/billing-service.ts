import {
  CURRENCIES,
  CURRENCY_BY_LANGUAGE,
  type CheckoutRequest as CheckoutBody,
  type Currency,
  LIFETIME_SLOTS_TOTAL,
  type Language,
  type LifetimeRequest,
  type Order,
  type PlansResponse,
  type SubscriptionStatus,
  type UpgradeRequest,
  lifetimePrice,
  subscriptionPrice,
  toMinorUnits,
} from '@atelier/contracts';
import type { Database } from '../../platform/db/database.ts';
import { paymentEvents } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { applyPaymentFacts } from './apply-payment-facts.ts';
import {
  countPaidLifetimeOrders,
  findCustomerId,
  findOrderBySession,
  findSubscription,
  getProfilePlan,
  insertOrder,
  listPendingCheckouts,
  listVisibleOrders,
  newOrderId,
  saveCustomerId,
  updateSubscription,
} from './billing-repo.ts';
import { runningExperiencePassEnd } from '../referrals/redeem-code.ts';
import { buildPlansResponse } from './plans-response.ts';
import {
  type PaidCycle,
  type PaidPlan,
  type PaymentFact,
  type PaymentProvider,
  UnsupportedByProviderError,
} from './providers/payment-provider.ts';

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

/** The English fallback texts of platform.md §8; the SPA shows each code in the user's language. */
const MESSAGES = {
  checkout: 'Failed to process subscription. Please try again.',
  upgrade: 'Subscription update failed. Please try again or contact support.',
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
export class BillingService {
  constructor(
    private readonly db: Database,
    private readonly provider: PaymentProvider,
    private readonly publicUrl: string,
    private readonly log: Logger,
  ) {}

  get providerName() {
    return this.provider.name;
  }

  async remainingLifetimeSlots(): Promise<number> {
    return Math.max(0, LIFETIME_SLOTS_TOTAL - (await countPaidLifetimeOrders(this.db)));
  }

  async plans(language: Language): Promise<PlansResponse> {
    return buildPlansResponse(language, await this.remainingLifetimeSlots(), this.provider.name);
  }

  /** A new subscription for a user who has none (a subscribed user changes plan with `upgrade`). */
  async checkout(user: BillingUser, body: CheckoutBody): Promise<{ url: string }> {
    const current = await this.currentPlan(user.id);
    if (current === body.planId) throw alreadySubscribed('You are already subscribed to this plan.');
    if (current === 'lifetime') throw alreadySubscribed('Lifetime members already have every plan.');
    if (await this.activeSubscription(user.id)) {
      throw alreadySubscribed('You already have a subscription: change your plan with an upgrade.');
    }
    const currency = CURRENCY_BY_LANGUAGE[body.language];
    const price = subscriptionPrice(currency, body.planId, body.billingCycle);
    return this.startCheckout(
      user,
      body.planId,
      body.billingCycle,
      toMinorUnits(price.amount),
      currency,
      MESSAGES.checkout,
    );
  }

  /** The one-time lifetime payment, priced by the remaining slots at this moment. */
  async lifetime(user: BillingUser, body: LifetimeRequest): Promise<{ url: string }> {
    if ((await this.currentPlan(user.id)) === 'lifetime') {
      throw alreadySubscribed('You are already a Lifetime member.');
    }
    const remaining = await this.remainingLifetimeSlots();
    if (remaining <= 0) throw new AppError('CONFLICT', 'Lifetime memberships are sold out.');
    const currency = CURRENCY_BY_LANGUAGE[body.language];
    const price = lifetimePrice(currency, remaining);
    return this.startCheckout(user, 'lifetime', 'lifetime', toMinorUnits(price.amount), currency, MESSAGES.lifetime);
  }

  /** Moves an active subscription to another plan or cycle; the provider prorates the charge. */
  async upgrade(user: BillingUser, body: UpgradeRequest): Promise<void> {
    if ((await this.currentPlan(user.id)) === 'lifetime') {
      throw alreadySubscribed('Lifetime members already have every plan.');
    }
    const subscription = await this.activeSubscription(user.id);
    if (!subscription) {
      throw new AppError('NO_ACTIVE_SUBSCRIPTION', 'No active subscription found. Please subscribe first.');
    }
    if (subscription.plan === body.planId && subscription.billingCycle === body.billingCycle) {
      throw alreadySubscribed('You are already subscribed to this plan.');
    }
    // A subscription keeps the currency it was bought in (providers do not mix currencies).
    const currency = isCurrency(subscription.currency) ? subscription.currency : CURRENCY_BY_LANGUAGE[body.language];
    const facts = await this.callProvider(MESSAGES.upgrade, () =>
      this.provider.changePlan({
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
      }),
    );
    await this.apply(facts);
  }

  /** Stops renewal; the plan stays until the end of the paid period. */
  async cancelAtPeriodEnd(userId: string): Promise<void> {
    const subscription = await this.activeSubscription(userId);
    if (!subscription) {
      throw new AppError('NO_ACTIVE_SUBSCRIPTION', 'No active subscription found. Please subscribe first.');
    }
    const facts = await this.callProvider(MESSAGES.upgrade, () =>
      this.provider.cancelAtPeriodEnd(subscription.providerSubscriptionId),
    );
    if (facts.length) await this.apply(facts);
    else await updateSubscription(this.db, userId, { cancelAtPeriodEnd: true });
  }

  /**
   * The payment-success page's check: asks the provider about the caller's own session and, if
   * it is paid and not yet granted, grants it now (the webhook may not have arrived yet).
   */
  async verify(userId: string, sessionId: string): Promise<boolean> {
    const order = await findOrderBySession(this.db, sessionId, { userId });
    if (!order) return false;
    if (order.status === 'paid') return true;
    const paid = await this.callProvider(MESSAGES.verify, () => this.provider.retrieveCheckout(sessionId));
    if (!paid) return false;
    await this.apply([paid]);
    return true;
  }

  /** Asks the provider about the caller's pending checkouts; answers how many became paid. */
  async syncOrders(userId: string): Promise<number> {
    let updated = 0;
    for (const order of await listPendingCheckouts(this.db, userId, SYNC_LIMIT)) {
      if (order.providerSessionId && (await this.verify(userId, order.providerSessionId))) updated++;
    }
    return updated;
  }

  async status(userId: string): Promise<SubscriptionStatus> {
    const plan = await this.currentPlan(userId);
    const free: SubscriptionStatus = {
      subscribed: false,
      subscription_tier: 'Free',
      subscription_end: null,
      cancel_at_period_end: false,
      billing_cycle: null,
    };
    if (plan === 'lifetime')
      return { ...free, subscribed: true, subscription_tier: 'Lifetime', billing_cycle: 'lifetime' };
    const subscription = await this.activeSubscription(userId);
    if (!subscription) {
      // A redeemed experience code: Studio until its end, then Free again with nothing to undo.
      const passEnd = await runningExperiencePassEnd(this.db, userId);
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

  async orders(userId: string): Promise<Order[]> {
    const rows = await listVisibleOrders(this.db, userId);
    return rows.map((row) => ({
      id: row.id,
      plan: row.plan,
      billingCycle: row.billingCycle,
      amount: row.amount,
      currency: row.currency.toUpperCase(),
      status: row.status === 'paid' ? 'paid' : 'pending',
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** A Billing Portal session (Stripe) where the user manages cards, invoices and cancellation. */
  async portal(userId: string): Promise<{ url: string }> {
    const customerId = await findCustomerId(this.db, userId, this.provider.name);
    if (!customerId) throw notFound('Billing account');
    try {
      const url = await this.provider.createPortalSession({ customerId, returnUrl: `${this.publicUrl}/profile` });
      return { url };
    } catch (err) {
      if (err instanceof UnsupportedByProviderError) {
        throw new AppError('CONFLICT', 'The billing portal is available with Stripe payments only.');
      }
      this.log.error({ err }, 'billing: portal session failed');
      throw new AppError('PAYMENT_ERROR', MESSAGES.portal);
    }
  }

  /**
   * A delivered provider event: verified first (a bad signature throws before anything is
   * read), then recorded by its id in the same transaction as its effects, so a redelivered
   * event changes nothing.
   */
  async handleEvent(rawBody: string, signature: string | undefined): Promise<void> {
    const event = await this.provider.parseEvent(rawBody, signature);
    await this.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(paymentEvents)
        .values({ provider: this.provider.name, eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      if (!fresh.length) return;
      await applyPaymentFacts({ tx, provider: this.provider.name, log: this.log }, event.facts);
    });
  }

  private apply(facts: readonly PaymentFact[]) {
    return this.db.transaction((tx) => applyPaymentFacts({ tx, provider: this.provider.name, log: this.log }, facts));
  }

  private async startCheckout(
    user: BillingUser,
    plan: PaidPlan,
    cycle: PaidCycle,
    amount: number,
    currency: Currency,
    failureMessage: string,
  ): Promise<{ url: string }> {
    const orderId = newOrderId();
    const checkout = await this.callProvider(failureMessage, async () =>
      this.provider.createCheckout({
        orderId,
        userId: user.id,
        customerId: await this.customerId(user),
        plan,
        cycle,
        amount,
        currency,
        productName: PRODUCT_NAME[plan],
        successUrl: `${this.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${this.publicUrl}/pricing`,
      }),
    );
    await insertOrder(this.db, {
      id: orderId,
      userId: user.id,
      provider: this.provider.name,
      providerSessionId: checkout.sessionId,
      plan,
      billingCycle: cycle,
      amount,
      currency,
      status: 'pending',
    });
    return { url: checkout.url };
  }

  private async customerId(user: BillingUser): Promise<string> {
    const existing = await findCustomerId(this.db, user.id, this.provider.name);
    if (existing) return existing;
    const created = await this.provider.createCustomer({ userId: user.id, email: user.email });
    return saveCustomerId(this.db, user.id, this.provider.name, created);
  }

  private async currentPlan(userId: string) {
    const profile = await getProfilePlan(this.db, userId);
    if (!profile) throw notFound('Profile');
    return profile.plan;
  }

  /** The user's subscription while it gives access (active or being retried, period not over). */
  private async activeSubscription(userId: string) {
    const row = await findSubscription(this.db, userId);
    if (!row || (row.status !== 'active' && row.status !== 'past_due')) return undefined;
    if (row.currentPeriodEnd && row.currentPeriodEnd <= new Date()) return undefined;
    return row;
  }

  /** Runs a provider call; a failure is logged (without secrets) and answered as PAYMENT_ERROR. */
  private async callProvider<T>(message: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.log.error(
        { err: { name: (err as Error).name, message: (err as Error).message } },
        'billing: provider call failed',
      );
      throw new AppError('PAYMENT_ERROR', message);
    }
  }
}

const alreadySubscribed = (message: string) => new AppError('ALREADY_SUBSCRIBED', message);
