import type { Language, Order, PlansResponse, SubscriptionStatus } from '@atelier/contracts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import { runningExperiencePassEnd } from '../referrals/redeem-code.ts';
import { activeSubscription, type BillingDeps, currentPlan, MESSAGES, TIER } from './billing-deps.ts';
import { remainingLifetimeSlots } from './checkout.ts';
import { buildPlansResponse } from './plans-response.ts';
import { UnsupportedByProviderError } from './providers/payment-provider.ts';
import { findCustomerId, listVisibleOrders } from './repo.ts';

/**
 * Plans, checkouts, plan changes, cancellations, renewals, verification and order history:
 * the billing module's service, one file per part (checkout.ts, plan-change.ts,
 * cancellation.ts, renewals.ts, payment-confirmation.ts, refunds.ts), answered here for the
 * routes. Money-moving calls go to the payment provider; plans and credits change only in
 * applyPaymentFacts, from what the provider vouched for.
 */
export type { BillingDeps, BillingUser } from './billing-deps.ts';
export { cancelAtPeriodEnd, processCancelRequests } from './cancellation.ts';
export { checkDiscount, checkout, remainingLifetimeSlots, startLifetimeCheckout } from './checkout.ts';
export { accountVerified, handleEvent, syncOrders, verify, verifyWithSummary } from './payment-confirmation.ts';
export { previewChange, upgrade } from './plan-change.ts';
export { processRefunds } from './refunds.ts';
export { renewDueSandboxSubscriptions } from './renewals.ts';

export async function plans(deps: BillingDeps, language: Language): Promise<PlansResponse> {
  return buildPlansResponse(language, await remainingLifetimeSlots(deps), deps.paymentProvider.name);
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
