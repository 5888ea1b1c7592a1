import {
  CURRENCY_BY_LANGUAGE,
  creditsForPlanChange,
  PLAN_CHANGE_QUOTE_MINUTES,
  type PlanChangePreview,
  type PlanChangeRequestBody,
  subscriptionPrice,
  toMinorUnits,
  type UpgradeRequest,
} from '@atelier/contracts';
import type { SubscriptionRow } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { afterPayments } from './after-payments.ts';
import { applyPaymentFacts } from './apply-payment-facts.ts';
import {
  activeSubscription,
  alreadySubscribed,
  applyContext,
  type BillingDeps,
  type BillingUser,
  callProvider,
  currentPlan,
  isCurrency,
  MESSAGES,
  noActiveSubscription,
  PRODUCT_NAME,
  running,
} from './billing-deps.ts';
import type { PlanChangeRequest } from './providers/payment-provider.ts';
import { getProfilePlan, hasInvoicePaidSince, lockProfile, lockSubscriptionOfUser } from './repo.ts';

const quoteExpired = () =>
  new AppError('PLAN_CHANGE_QUOTE_EXPIRED', 'This price has expired. Review the change again.');

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
    throw quoteExpired();
  }
  return at;
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
      throw quoteExpired();
    }
    const change = planChangeOf(user, body, at, (await getProfilePlan(tx, user.id))?.plan, running(subscription));
    const facts = await callProvider(deps, MESSAGES.upgrade, () => deps.paymentProvider.changePlan(change));
    await applyPaymentFacts(applyContext(deps, tx), facts);
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
    throw noActiveSubscription();
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
