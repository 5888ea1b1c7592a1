import { z } from 'zod';
import { languageSchema } from './account.ts';
import { entitlementsSchema, planIdSchema } from './entitlements.ts';
import { CODE_MAX_LENGTH, DATETIME_MAX_LENGTH, ID_MAX_LENGTH } from './limits.ts';
import { CURRENCIES, SUBSCRIPTION_CYCLES, SUBSCRIPTION_PLAN_IDS } from './plans.ts';
import { lineText, opaqueText } from './text-fields.ts';

/** Requests and answers of /api/billing/*: plans, checkout, plan change, verification, orders. */

const priceSchema = z
  .object({ amount: z.number(), original: z.number().nullable(), percentOff: z.number().int() })
  .meta({ id: 'Price', description: 'A price in major units, with the struck-through original when there is one.' });
const currencySchema = z
  .enum(CURRENCIES)
  .meta({ id: 'Currency', description: 'Lower-case ISO 4217 code, as the payment provider takes it.' });

export const planSchema = z
  .object({
    id: planIdSchema,
    rank: z.number().int(),
    monthlyCredits: z.number().int(),
    /** What the plan gives: the pricing page's card lines come from here (ADR 0032). */
    entitlements: entitlementsSchema,
    prices: z.object({
      monthly: priceSchema.nullable(),
      yearly: priceSchema.nullable(),
      lifetime: priceSchema.nullable(),
    }),
  })
  .meta({ id: 'Plan', description: 'A plan with its prices in the currency of the asked language.' });

export const plansQuerySchema = z.object({ language: languageSchema.default('en') });

export const plansResponseSchema = z
  .object({
    language: languageSchema,
    currency: currencySchema,
    plans: z.array(planSchema),
    /** `remaining` is counted from paid lifetime orders at the time of the request. */
    lifetimeSlots: z.object({ total: z.number().int(), remaining: z.number().int() }),
    /** Which provider takes payments: the sandbox is Atelier's own test checkout. */
    provider: z.enum(['sandbox', 'stripe']),
  })
  .meta({ id: 'PlansResult' });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** A friend's new-user discount code (an invitation code of kind discount_new_user). */
const discountCodeSchema = lineText().min(1).max(CODE_MAX_LENGTH);

/** Upgrading (or downgrading) names the plan and cycle; the language picks the currency. */
export const upgradeRequestSchema = z
  .object({
    planId: z.enum(SUBSCRIPTION_PLAN_IDS),
    billingCycle: z.enum(SUBSCRIPTION_CYCLES),
    language: languageSchema.default('en'),
  })
  .meta({ id: 'UpgradeRequest' });
export type UpgradeRequest = z.infer<typeof upgradeRequestSchema>;

/** POST /api/billing/upgrade: the change, and the preview's proration moment to be charged what it said. */
export const planChangeRequestSchema = upgradeRequestSchema
  .extend({
    prorationDate: z.iso
      .datetime({ offset: true })
      .max(DATETIME_MAX_LENGTH)
      .optional()
      .describe(
        "The preview's prorationDate: the change is prorated at that moment, so it charges what the preview said. " +
          'Older than the quote holds (15 minutes), the change is refused with PLAN_CHANGE_QUOTE_EXPIRED; without it, ' +
          'the change is prorated now.',
      ),
  })
  .meta({ id: 'PlanChangeRequest' });
export type PlanChangeRequestBody = z.infer<typeof planChangeRequestSchema>;

/** A first subscription takes the same fields, and optionally a discount code (ADR 0009). */
export const checkoutRequestSchema = z
  .object({ ...upgradeRequestSchema.shape, discountCode: discountCodeSchema.optional() })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const lifetimeRequestSchema = z
  .object({
    language: languageSchema.default('en'),
    discountCode: discountCodeSchema.optional(),
  })
  .meta({ id: 'LifetimeRequest' });
export type LifetimeRequest = z.infer<typeof lifetimeRequestSchema>;

/**
 * The new-user discount (9.9 US dollars, or 9.9 yuan; ADR 0009): the code's amount comes off the first
 * payment, but a payment never drops below this many minor units (Stripe's smallest US-dollar
 * charge), so the discount is `min(code amount, price − 50)`.
 */
export const DISCOUNT_MIN_CHARGE_MINOR = 50;

/**
 * How long a checkout may be paid, from its creation (ADR 0028). Stripe Checkout takes an
 * `expires_at` between 30 minutes and 24 hours out; the sandbox's sessions expire alike. A
 * discount code's use is reserved by the checkout until then.
 */
export const CHECKOUT_EXPIRES_MINUTES = 60;

/**
 * A pending checkout keeps its reservation this long past its expiry, for a payment the
 * provider completed at the last moment whose event has not reached us yet. The provider's own
 * expiry event (`checkout.session.expired`) releases it at once.
 */
export const CHECKOUT_EXPIRY_GRACE_MINUTES = 5;

/**
 * How often each server process retries telling the payment provider to end the subscriptions
 * of people who became Lifetime, when the call right after their payment failed (ADR 0009).
 */
export const SUBSCRIPTION_CANCEL_RETRY_MINUTES = 15;

/**
 * How long the amount of a plan-change preview holds: the preview names the moment it prorated
 * at, and a confirmation that sends it back within this time is charged exactly that amount
 * (prorated at the same moment). After it, the change must be previewed again.
 */
export const PLAN_CHANGE_QUOTE_MINUTES = 15;

/**
 * How often each server process running the sandbox provider renews (or ends) the sandbox
 * subscriptions whose period is over (ADR 0006): a sandbox renewal lands at most this late.
 */
export const SANDBOX_RENEWAL_CHECK_MINUTES = 5;

/** What a discount code takes off a price and what is left to pay, in minor units. */
export function applyDiscount(priceMinor: number, discountMinor: number): { charged: number; discount: number } {
  const charged = Math.max(Math.min(priceMinor, DISCOUNT_MIN_CHARGE_MINOR), priceMinor - discountMinor);
  return { charged, discount: priceMinor - charged };
}

/** `POST /api/billing/discount-codes/check`: may the caller use this code for a checkout in `language`? */
export const discountCheckRequestSchema = z
  .object({
    code: discountCodeSchema,
    language: languageSchema.default('en'),
  })
  .meta({ id: 'DiscountCheckRequest' });
export type DiscountCheckRequest = z.infer<typeof discountCheckRequestSchema>;

export const discountCheckResponseSchema = z
  .object({
    /** The code, normalised (upper case). */
    code: z.string(),
    /** Minor units taken off the first payment, before the minimum charge is applied. */
    amountOff: z.number().int(),
    /** Lower-case ISO 4217: the currency of the code, which is the checkout's currency. */
    currency: currencySchema,
  })
  .meta({ id: 'DiscountCheckResult' });
export type DiscountCheckResponse = z.infer<typeof discountCheckResponseSchema>;

export const redirectResponseSchema = z
  .object({ url: z.string() })
  .meta({ id: 'PaymentRedirect', description: "Send the browser to `url`: the payment provider's page." });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/**
 * `POST /api/billing/change-preview`: what moving the active subscription to another plan or
 * cycle would charge now, as the provider prorates it. Nothing is charged or changed.
 */
export const planChangePreviewSchema = z
  .object({
    planId: z.enum(SUBSCRIPTION_PLAN_IDS),
    billingCycle: z.enum(SUBSCRIPTION_CYCLES),
    /** Minor units charged at once: the new price minus the unused part of the current one. */
    amountDue: z.number().int(),
    /** Lower-case ISO 4217: the subscription's currency. */
    currency: currencySchema,
    /** Credits added at once. */
    credits: z.number().int(),
    /** When the changed subscription next renews (ISO 8601), or null when the provider does not say. */
    nextRenewal: z.string().nullable(),
    /**
     * The moment the amount was prorated at (ISO 8601). Sent back with the upgrade within
     * PLAN_CHANGE_QUOTE_MINUTES, the charge is prorated at the same moment: exactly amountDue.
     */
    prorationDate: z.string(),
  })
  .meta({ id: 'PlanChangePreview' });
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const upgradeResponseSchema = z.object({ success: z.literal(true) }).meta({ id: 'UpgradeResult' });

export const verifyRequestSchema = z
  .object({ sessionId: opaqueText().min(1).max(ID_MAX_LENGTH) })
  .meta({ id: 'VerifyPaymentRequest' });
/** What a paid checkout bought, from the server's record of its order. */
export const paidOrderSummarySchema = z
  .object({
    plan: z.enum(['pro', 'studio', 'lifetime']),
    billingCycle: z.enum([...SUBSCRIPTION_CYCLES, 'lifetime']),
    /** Minor units charged (after any discount). */
    amount: z.number().int(),
    /** Lower-case ISO 4217. */
    currency: currencySchema,
    /** Credits the payment added. */
    credits: z.number().int(),
  })
  .meta({ id: 'PaidOrderSummary' });
export type PaidOrderSummary = z.infer<typeof paidOrderSummarySchema>;

export const verifyResponseSchema = z
  .object({
    verified: z.boolean(),
    /** The caller's paid order for the session; null while unpaid. */
    order: paidOrderSummarySchema.nullable(),
    /**
     * The payment arrived when it was no longer allowed (the account had become Lifetime, or
     * another subscription was paid first) and is refunded through the provider: nothing was bought.
     */
    refunded: z.boolean().optional(),
  })
  .meta({ id: 'VerifyPaymentResult' });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const SUBSCRIPTION_TIERS = ['Free', 'Pro', 'Studio', 'Lifetime'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
export const subscriptionStatusSchema = z
  .object({
    subscribed: z.boolean(),
    subscription_tier: z.enum(SUBSCRIPTION_TIERS),
    /** ISO date-time the paid period ends; null for Free and Lifetime. */
    subscription_end: z.string().nullable(),
    /** The subscription ends at `subscription_end` instead of renewing. */
    cancel_at_period_end: z.boolean(),
    billing_cycle: z.enum([...SUBSCRIPTION_CYCLES, 'lifetime']).nullable(),
  })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * `refunded`: a payment the rules no longer allowed when it arrived (a second Lifetime, a second
 * subscription), given back through the provider.
 */
export const ORDER_STATUSES = ['paid', 'pending', 'refunded'] as const;
export const orderSchema = z
  .object({
    id: z.string(),
    plan: planIdSchema,
    billingCycle: z.enum([...SUBSCRIPTION_CYCLES, 'lifetime']),
    /** Minor units (cents); divide by 100 to show. */
    amount: z.number().int(),
    /** Upper-case ISO 4217 code. */
    currency: z.string(),
    status: z.enum(ORDER_STATUSES),
    createdAt: z.string(),
    /** Minor units a discount code took off (0 without one); `amount` is what was charged. */
    discountAmount: z.number().int(),
  })
  .meta({ id: 'Order', description: 'A payment: an order of a plan.' });
export type Order = z.infer<typeof orderSchema>;
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) }).meta({ id: 'OrderList' });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const syncOrdersResponseSchema = z.object({ updated: z.number().int() }).meta({ id: 'SyncOrdersResult' });
