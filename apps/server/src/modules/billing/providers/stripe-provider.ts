import {
  SUBSCRIPTION_CYCLES,
  SUBSCRIPTION_PLAN_IDS,
  type SubscriptionCycle,
  type SubscriptionPlanId,
} from '@atelier/contracts';
import Stripe from 'stripe';
import type { SubscriptionRowStatus } from '../../../platform/db/schema/index.ts';
import {
  type CheckoutRequest,
  type CreatedCheckout,
  type PaymentFact,
  type PaymentProvider,
  type PlanChangeQuote,
  type PlanChangeRequest,
  type ProviderEvent,
  type ProviderSubscription,
  WebhookSignatureError,
} from './payment-provider.ts';

type CheckoutPaid = Extract<PaymentFact, { type: 'checkout.paid' }>;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** A local fake of the Stripe API in tests (http://127.0.0.1:port). */
  apiBase?: string | undefined;
}

const INTERVAL: Record<SubscriptionCycle, 'month' | 'year'> = { monthly: 'month', yearly: 'year' };

const STATUS: Partial<Record<Stripe.Subscription.Status, SubscriptionRowStatus>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

const INVOICE_REASON: Partial<Record<string, 'first' | 'renewal' | 'change'>> = {
  subscription_create: 'first',
  subscription_cycle: 'renewal',
  subscription_update: 'change',
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function planOf(value: string | undefined): SubscriptionPlanId | undefined {
  return (SUBSCRIPTION_PLAN_IDS as readonly string[]).includes(value ?? '') ? (value as SubscriptionPlanId) : undefined;
}
function cycleOf(value: string | undefined): SubscriptionCycle | undefined {
  return (SUBSCRIPTION_CYCLES as readonly string[]).includes(value ?? '') ? (value as SubscriptionCycle) : undefined;
}
const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Stripe: Checkout Sessions with inline prices (`price_data`, so no dashboard setup is
 * needed), subscription plan changes with immediate proration, cancellation at period end,
 * the Billing Portal, and signed webhooks. Plan and cycle travel in the subscription's
 * metadata so every later event says what was bought.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    const base = options.apiBase ? new URL(options.apiBase) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
  }

  async createCustomer(input: { userId: string; email: string }): Promise<string> {
    const customer = await this.stripe.customers.create({ email: input.email, metadata: { userId: input.userId } });
    return customer.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const metadata = { orderId: request.orderId, userId: request.userId, plan: request.plan, cycle: request.cycle };
    const recurring = request.cycle === 'lifetime' ? undefined : { interval: INTERVAL[request.cycle] };
    const coupon = request.discount ? await this.createOneTimeCoupon(request, request.discount) : undefined;
    const session = await this.stripe.checkout.sessions.create({
      mode: recurring ? 'subscription' : 'payment',
      customer: request.customerId,
      client_reference_id: request.userId,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: request.amount,
            product_data: { name: request.productName },
            ...(recurring ? { recurring } : {}),
          },
        },
      ],
      metadata,
      ...(recurring ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      ...(coupon ? { discounts: [{ coupon }] } : {}),
      // Stripe refuses payment after this; Atelier's reservation of a discount code ends then too.
      expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  /**
   * A coupon made for one checkout: a fixed amount off, in the checkout's currency, applied
   * `once` (a subscription's first invoice only; renewals are charged in full) and redeemable
   * once. The idempotency key makes a retried call return the same coupon.
   */
  private async createOneTimeCoupon(request: CheckoutRequest, discount: { amount: number; name: string }) {
    const coupon = await this.stripe.coupons.create(
      {
        amount_off: discount.amount,
        currency: request.currency,
        duration: 'once',
        max_redemptions: 1,
        name: discount.name,
        metadata: { orderId: request.orderId, userId: request.userId },
      },
      { idempotencyKey: `atelier-coupon-${request.orderId}` },
    );
    return coupon.id;
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutPaid | null> {
    return this.paidFactOf(await this.retrieveSession(sessionId));
  }

  /**
   * Stripe's expire call closes an open session. Any other session is refused with an
   * invalid-request error: then Stripe is asked what became of it — expired before (closed),
   * or completed and paid (the fact). A session completed but not yet paid (a delayed payment
   * method) cannot be closed: the error is passed on.
   */
  async expireCheckout(sessionId: string): Promise<CheckoutPaid | null> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
      return null;
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      const session = await this.retrieveSession(sessionId);
      if (session.status === 'expired') return null;
      const paid = this.paidFactOf(session);
      if (paid) return paid;
      throw err;
    }
  }

  /**
   * Ends the subscription the session started (if it is still running) and refunds the
   * payment: a one-time payment's PaymentIntent, or the one that paid the subscription's first
   * invoice. The idempotency key makes a retried refund the same refund.
   */
  async refundCheckout(sessionId: string): Promise<void> {
    const session = await this.retrieveSession(sessionId);
    const subscription = session.subscription;
    if (subscription && typeof subscription !== 'string' && subscription.status !== 'canceled') {
      await this.stripe.subscriptions.cancel(subscription.id);
    }
    let paymentIntent = idOf(session.payment_intent);
    const invoice = idOf(session.invoice);
    if (!paymentIntent && invoice) {
      const payments = await this.stripe.invoicePayments.list({ invoice });
      paymentIntent = idOf(payments.data.find((p) => p.payment.payment_intent)?.payment.payment_intent);
    }
    if (!paymentIntent) throw new Error(`Stripe checkout ${sessionId} has no payment to refund`);
    await this.stripe.refunds.create(
      { payment_intent: paymentIntent, reason: 'duplicate', metadata: { sessionId } },
      { idempotencyKey: `atelier-refund-${sessionId}` },
    );
  }

  private retrieveSession(sessionId: string) {
    return this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
  }

  private paidFactOf(session: Stripe.Checkout.Session): CheckoutPaid | null {
    if (session.status !== 'complete' || session.payment_status === 'unpaid') return null;
    const subscription = session.subscription;
    return {
      type: 'checkout.paid',
      sessionId: session.id,
      paymentId: idOf(session.payment_intent) ?? idOf(session.invoice),
      amountPaid: session.amount_total,
      subscription: subscription && typeof subscription !== 'string' ? this.toSubscription(subscription) : null,
    };
  }

  async changePlan(request: PlanChangeRequest): Promise<PaymentFact[]> {
    const current = await this.stripe.subscriptions.retrieve(request.subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${request.subscriptionId} has no item`);
    const price = await this.stripe.prices.create({
      currency: request.currency,
      unit_amount: request.amount,
      recurring: { interval: INTERVAL[request.cycle] },
      product_data: { name: request.productName },
    });
    const updated = await this.stripe.subscriptions.update(request.subscriptionId, {
      items: [{ id: item.id, price: price.id }],
      // Charge the difference now; if the payment fails the change is not made.
      proration_behavior: 'always_invoice',
      proration_date: unixSeconds(request.prorationDate),
      payment_behavior: 'error_if_incomplete',
      cancel_at_period_end: false,
      metadata: {
        userId: request.userId,
        plan: request.plan,
        cycle: request.cycle,
        previousPlan: request.previousPlan,
        previousCycle: request.previousCycle,
      },
      expand: ['latest_invoice'],
    });
    const facts: PaymentFact[] = [{ type: 'subscription.updated', subscription: this.toSubscription(updated) }];
    const invoice = updated.latest_invoice;
    if (invoice && typeof invoice !== 'string' && invoice.status === 'paid') {
      const paid = this.toInvoicePaid(invoice, updated.id, updated.metadata);
      if (paid) facts.unshift(paid);
    }
    return facts;
  }

  /**
   * Stripe's own proration for the change (`invoices.createPreview` with the new price as
   * inline `price_data` on the subscription's item): creates, charges and changes nothing.
   */
  async previewPlanChange(request: PlanChangeRequest): Promise<PlanChangeQuote> {
    const current = await this.stripe.subscriptions.retrieve(request.subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${request.subscriptionId} has no item`);
    const product = idOf(item.price.product as string | { id: string });
    if (!product) throw new Error(`Stripe subscription ${request.subscriptionId} has no product`);
    const preview = await this.stripe.invoices.createPreview({
      subscription: request.subscriptionId,
      subscription_details: {
        items: [
          {
            id: item.id,
            price_data: {
              currency: request.currency,
              unit_amount: request.amount,
              recurring: { interval: INTERVAL[request.cycle] },
              product,
            },
          },
        ],
        proration_behavior: 'always_invoice',
        proration_date: unixSeconds(request.prorationDate),
      },
    });
    const ends = preview.lines.data.map((line) => line.period.end);
    return { amountDue: preview.amount_due, periodEnd: dateOf(ends.length ? Math.max(...ends) : null) };
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<PaymentFact[]> {
    const updated = await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    return [{ type: 'subscription.updated', subscription: this.toSubscription(updated) }];
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return session.url;
  }

  async parseEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.options.webhookSecret);
    } catch {
      throw new WebhookSignatureError();
    }
    return { id: event.id, type: event.type, facts: await this.factsOf(event) };
  }

  private async factsOf(event: Stripe.Event): Promise<PaymentFact[]> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        // Ask Stripe for the session with its subscription: the event alone lacks the period.
        const paid = await this.retrieveCheckout(event.data.object.id);
        return paid ? [paid] : [];
      }
      case 'checkout.session.expired':
        return [{ type: 'checkout.canceled', sessionId: event.data.object.id }];
      case 'invoice.paid': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        const subscriptionId = idOf(details?.subscription);
        const paid = subscriptionId ? this.toInvoicePaid(invoice, subscriptionId, details?.metadata ?? {}) : null;
        return paid ? [paid] : [];
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return [{ type: 'subscription.updated', subscription: this.toSubscription(event.data.object) }];
      case 'customer.subscription.deleted':
        return [{ type: 'subscription.deleted', subscriptionId: event.data.object.id }];
      default:
        return [];
    }
  }

  private toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
    const item = subscription.items.data[0];
    const interval = item?.price.recurring?.interval;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer),
      status: STATUS[subscription.status] ?? 'incomplete',
      plan: planOf(subscription.metadata.plan) ?? 'pro',
      cycle: cycleOf(subscription.metadata.cycle) ?? (interval === 'year' ? 'yearly' : 'monthly'),
      currency: subscription.currency,
      currentPeriodEnd: dateOf(item?.current_period_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }

  private toInvoicePaid(
    invoice: Stripe.Invoice,
    subscriptionId: string,
    metadata: Record<string, string>,
  ): PaymentFact | null {
    const reason = INVOICE_REASON[invoice.billing_reason ?? ''];
    const plan = planOf(metadata.plan);
    const cycle = cycleOf(metadata.cycle);
    if (!reason || !plan || !cycle || !invoice.id) return null;
    return {
      type: 'invoice.paid',
      invoiceId: invoice.id,
      subscriptionId,
      reason,
      amount: invoice.amount_paid,
      currency: invoice.currency,
      plan,
      cycle,
      previousPlan: planOf(metadata.previousPlan) ?? null,
      previousCycle: cycleOf(metadata.previousCycle) ?? null,
      periodEnd: dateOf(invoice.lines.data[0]?.period.end),
    };
  }
}
