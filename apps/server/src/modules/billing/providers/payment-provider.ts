import type { Currency, SubscriptionCycle, SubscriptionPlanId } from '@atelier/contracts';
import type { PaymentProviderName, SubscriptionRowStatus } from '../../../platform/db/schema/index.ts';

/** What a checkout sells: a recurring plan or the one-time lifetime membership. */
export type PaidPlan = SubscriptionPlanId | 'lifetime';
export type PaidCycle = SubscriptionCycle | 'lifetime';

export interface CheckoutRequest {
  orderId: string;
  userId: string;
  customerId: string;
  plan: PaidPlan;
  cycle: PaidCycle;
  /** Minor units: the list price. */
  amount: number;
  currency: Currency;
  /**
   * A new-user discount code's amount off the first payment (minor units, already limited so
   * that at least DISCOUNT_MIN_CHARGE_MINOR is charged); renewals are charged in full.
   */
  discount: { amount: number; name: string } | null;
  productName: string;
  /** After this the session can no longer be paid (CHECKOUT_EXPIRES_MINUTES after creation). */
  expiresAt: Date;
  /** Where the payer returns; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedCheckout {
  sessionId: string;
  /** The provider's payment page the browser is sent to. */
  url: string;
}

/** A recurring subscription as the provider reports it. */
export interface ProviderSubscription {
  id: string;
  customerId: string | null;
  status: SubscriptionRowStatus;
  plan: SubscriptionPlanId;
  cycle: SubscriptionCycle;
  currency: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * A payment fact the provider vouches for: read from a signature-checked event or fetched
 * from the provider's API by the server. Grants are made only from these.
 */
export type PaymentFact =
  | {
      type: 'checkout.paid';
      sessionId: string;
      paymentId: string | null;
      /** Minor units the provider charged (after discounts); null when it does not say. */
      amountPaid: number | null;
      /** Present for subscription checkouts. */
      subscription: ProviderSubscription | null;
    }
  | { type: 'checkout.canceled'; sessionId: string }
  | {
      type: 'invoice.paid';
      invoiceId: string;
      subscriptionId: string;
      /** first: covered by the checkout; renewal: a new period; change: a prorated plan change. */
      reason: 'first' | 'renewal' | 'change';
      amount: number;
      currency: string;
      plan: SubscriptionPlanId;
      cycle: SubscriptionCycle;
      /** For a plan change: the plan before it, to grant only the difference. */
      previousPlan: SubscriptionPlanId | null;
      previousCycle: SubscriptionCycle | null;
      periodEnd: Date | null;
    }
  | { type: 'subscription.updated'; subscription: ProviderSubscription }
  | { type: 'subscription.deleted'; subscriptionId: string };

export interface ProviderEvent {
  id: string;
  type: string;
  facts: PaymentFact[];
}

export interface PlanChangeRequest {
  subscriptionId: string;
  userId: string;
  plan: SubscriptionPlanId;
  cycle: SubscriptionCycle;
  previousPlan: SubscriptionPlanId;
  previousCycle: SubscriptionCycle;
  /** Minor units of the new and the old price, in the subscription's currency. */
  amount: number;
  previousAmount: number;
  currency: Currency;
  currentPeriodEnd: Date | null;
  productName: string;
  /**
   * The moment the change is prorated at (whole seconds, as providers count them): a preview's
   * moment, sent back with the change, makes the charge equal what the preview said.
   */
  prorationDate: Date;
}

/** What a plan change would charge now, as the provider prorates it. */
export interface PlanChangeQuote {
  /** Minor units, in the subscription's currency. */
  amountDue: number;
  /** When the changed subscription would next renew; null when the provider does not say. */
  periodEnd: Date | null;
}

/** A delivered event whose signature does not verify. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The feature a provider does not offer (the sandbox has no billing portal). */
export class UnsupportedByProviderError extends Error {}

/**
 * One interface for every way of taking money. Methods that talk to the provider throw on
 * failure; the billing service turns that into PAYMENT_ERROR.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Asks the provider about a session: a `checkout.paid` fact when it is paid, else null. */
  retrieveCheckout(sessionId: string): Promise<Extract<PaymentFact, { type: 'checkout.paid' }> | null>;
  /**
   * Closes a session so that it can no longer be paid (Stripe's expire call). Answers the
   * `checkout.paid` fact when it was paid already, null when it is closed (now or before);
   * throws when the provider cannot close it yet (a payment under way).
   */
  expireCheckout(sessionId: string): Promise<Extract<PaymentFact, { type: 'checkout.paid' }> | null>;
  /**
   * Gives back in full the payment of a paid checkout the rules refused when it arrived (a second
   * Lifetime, a second subscription), and ends at once the subscription it started, if any.
   * Idempotent: a refund made before is not made again.
   */
  refundCheckout(sessionId: string): Promise<void>;
  /** Moves a subscription to another plan or cycle with proration; answers what was charged. */
  changePlan(request: PlanChangeRequest): Promise<PaymentFact[]>;
  /** What changePlan would charge now, computed the same way; charges and changes nothing. */
  previewPlanChange(request: PlanChangeRequest): Promise<PlanChangeQuote>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<PaymentFact[]>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** Verifies a delivered event (throws WebhookSignatureError) and reads its facts. */
  parseEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent>;
}
