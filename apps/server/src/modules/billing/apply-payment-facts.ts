import { creditsForPeriod, creditsForPlanChange, hasFeature, type SubscriptionPlanId } from '@atelier/contracts';
import { and, eq } from 'drizzle-orm';
import { afterCommit } from '../../platform/db/after-commit.ts';
import type { Transaction } from '../../platform/db/database.ts';
import { type OrderRow, orders, type PaymentProviderName, paymentEvents } from '../../platform/db/schema/index.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { recordPaymentApplied } from '../../platform/metrics/registry.ts';
import { grantCredits } from '../credits/service.ts';
import { completeReferralIfEarned } from '../referrals/referral-rewards.ts';
import { lockRenewalTeam } from '../teams/repo.ts';
import { countDiscountUse } from './discount-codes.ts';
import type { PaymentFact, ProviderEvent, ProviderSubscription } from './providers/payment-provider.ts';
import {
  getProfilePlan,
  insertInvoiceOrder,
  isOpenCheckout,
  lockOrderBySession,
  lockProfile,
  lockSubscriptionByProviderId,
  lockSubscriptionOfUser,
  makeLifetime,
  newOrderId,
  setProfilePlan,
  updateOrderRefusedPaid,
  updateSubscription,
  upsertSubscription,
} from './repo.ts';

type FactOf<T extends PaymentFact['type']> = Extract<PaymentFact, { type: T }>;

export interface ApplyContext {
  tx: Transaction;
  provider: PaymentProviderName;
  log: Logger;
}

/** The plan a subscription status leaves the user on. */
const planForStatus = (s: ProviderSubscription) =>
  s.status === 'active' || s.status === 'past_due' ? s.plan : ('free' as const);

/**
 * A verified provider event: recorded by its id in the caller's transaction, then its facts
 * applied there, so a redelivered event (or the same sandbox event produced by two processes)
 * changes nothing. Answers false when the event was handled before.
 */
export async function applyProviderEvent(context: ApplyContext, event: ProviderEvent): Promise<boolean> {
  const fresh = await context.tx
    .insert(paymentEvents)
    .values({ provider: context.provider, eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  if (!fresh.length) return false;
  await applyPaymentFacts(context, event.facts);
  return true;
}

/**
 * The single place where payments become plans and credits. Callers pass facts the provider
 * vouched for (a verified event or a server-side retrieval) and their transaction, so the
 * order, the ledger entry and the plan commit together. Every step is keyed by a provider id
 * (session, invoice) and checks what is already recorded, so any fact may arrive twice.
 */
export async function applyPaymentFacts(context: ApplyContext, facts: readonly PaymentFact[]): Promise<void> {
  for (const fact of facts) {
    switch (fact.type) {
      case 'checkout.paid':
        await applyCheckoutPaid(context, fact);
        break;
      case 'checkout.canceled':
        await context.tx
          .update(orders)
          .set({ status: 'canceled' })
          .where(and(eq(orders.providerSessionId, fact.sessionId), eq(orders.status, 'pending')));
        break;
      case 'invoice.paid':
        await applyInvoicePaid(context, fact);
        break;
      case 'subscription.updated':
        await applySubscriptionUpdated(context, fact.subscription);
        break;
      case 'subscription.deleted':
        await applySubscriptionDeleted(context, fact.subscriptionId);
        break;
    }
  }
}

async function applyCheckoutPaid({ tx, provider, log }: ApplyContext, fact: FactOf<'checkout.paid'>) {
  const order = await lockOrderBySession(tx, fact.sessionId);
  if (!order) {
    log.warn({ sessionId: fact.sessionId }, 'billing: paid checkout session without an order; ignored');
    return;
  }
  if (order.status === 'paid' || order.status === 'refunding' || order.status === 'refunded') return;
  const paidAt = new Date();
  // What the provider charged is what was paid; it can differ from the order's price only by
  // a fault somewhere, which is logged.
  const amount = fact.amountPaid ?? order.amount;
  if (amount !== order.amount) {
    log.warn(
      { orderId: order.id, priced: order.amount, charged: amount },
      'billing: the provider charged another amount',
    );
  }
  // A session the provider completed after Atelier took it for closed (ADR 0028): honoured,
  // the money is taken; its discount code's count cannot pass max_uses (countDiscountUse).
  if (!isOpenCheckout(order, paidAt)) {
    log.warn({ orderId: order.id, status: order.status }, 'billing: a checkout was paid after it expired or closed');
  }
  // What was allowed when the checkout opened may not be now: another payment of the same
  // customer may have been applied first. Their payments are decided one at a time (the
  // profile's lock), and one no longer allowed buys nothing and is given back (ADR 0053).
  await lockProfile(tx, order.userId);
  const refusal = await refusalOf(tx, order, fact);
  if (refusal) {
    await updateOrderRefusedPaid(tx, order.id, { providerPaymentId: fact.paymentId, amount, paidAt });
    log.warn({ orderId: order.id, refusal }, 'billing: a payment the rules no longer allow; refunding it');
    return;
  }
  await tx
    .update(orders)
    .set({ status: 'paid', paidAt, providerPaymentId: fact.paymentId, amount })
    .where(eq(orders.id, order.id));
  afterCommit(() => recordPaymentApplied(provider, 'checkout'));
  // Once per order: a replayed payment returned above, finding the order paid.
  await countDiscountUse(tx, order, log);
  await grantCredits(tx, {
    userId: order.userId,
    amount: creditsForPeriod(order.plan, order.billingCycle),
    reason: 'plan',
    reference: order.id,
    idempotencyKey: `order:${order.id}`,
  });
  if (order.plan === 'lifetime' || !fact.subscription) {
    // Lifetime also asks the provider to stop a running subscription (after the commit).
    if (order.plan === 'lifetime') await makeLifetime(tx, order.userId);
    else await setProfilePlan(tx, order.userId, order.plan);
    await completeReferralIfEarned(tx, order.userId);
    return;
  }
  const s = fact.subscription;
  await upsertSubscription(tx, {
    userId: order.userId,
    plan: s.plan,
    billingCycle: s.cycle,
    status: s.status,
    provider,
    providerCustomerId: s.customerId,
    providerSubscriptionId: s.id,
    currency: s.currency,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    cancelRequestedAt: null,
  });
  await setProfilePlan(tx, order.userId, planForStatus(s));
  // The payer's referral completes once they are verified, paid something and their plan is
  // no longer free (ADR 0028); once per user, so replays find nothing to do.
  await completeReferralIfEarned(tx, order.userId);
}

/**
 * Why a paid checkout is no longer allowed, or null: a second Lifetime (the account is Lifetime
 * already), a subscription for a Lifetime member (who has every plan), or a second subscription
 * while another runs (one subscription per customer: the other would go on billing beside it).
 */
async function refusalOf(
  tx: Transaction,
  order: OrderRow,
  fact: FactOf<'checkout.paid'>,
): Promise<'second_lifetime' | 'lifetime_member' | 'second_subscription' | null> {
  const lifetime = (await getProfilePlan(tx, order.userId))?.plan === 'lifetime';
  if (order.plan === 'lifetime') return lifetime ? 'second_lifetime' : null;
  if (lifetime) return 'lifetime_member';
  const running = await lockSubscriptionOfUser(tx, order.userId);
  const other =
    running &&
    running.providerSubscriptionId !== fact.subscription?.id &&
    (running.status === 'active' || running.status === 'past_due') &&
    (!running.currentPeriodEnd || running.currentPeriodEnd > new Date());
  return other ? 'second_subscription' : null;
}

/**
 * A renewal grants the new period's credits (unused credits carry over, ADR 0006); a plan
 * change grants the difference between the new and the old period's allotment, never less
 * than nothing. The first invoice of a subscription is the checkout's, granted there.
 */
async function applyInvoicePaid({ tx, provider, log }: ApplyContext, fact: FactOf<'invoice.paid'>) {
  if (fact.reason === 'first') return;
  const subscription = await lockSubscriptionByProviderId(tx, fact.subscriptionId);
  if (!subscription) {
    log.warn({ subscriptionId: fact.subscriptionId }, 'billing: invoice for an unknown subscription; ignored');
    return;
  }
  const credits =
    fact.reason === 'renewal'
      ? creditsForPeriod(fact.plan, fact.cycle)
      : creditsForPlanChange(
          fact.plan,
          fact.cycle,
          fact.previousPlan ?? subscription.plan,
          fact.previousCycle ?? subscription.billingCycle,
        );
  const orderId = newOrderId();
  const recorded = await insertInvoiceOrder(tx, {
    id: orderId,
    userId: subscription.userId,
    provider,
    providerPaymentId: fact.invoiceId,
    plan: fact.plan,
    billingCycle: fact.cycle,
    amount: fact.amount,
    currency: fact.currency,
    status: 'paid',
    paidAt: new Date(),
  });
  if (!recorded) return; // this invoice was handled before
  afterCommit(() => recordPaymentApplied(provider, 'invoice'));
  if (credits > 0) {
    // A renewal of a plan with teams goes to the team its owner chose, if any (a plan change's
    // difference stays the owner's); the team's ledger row names the owner and the invoice.
    const team =
      fact.reason === 'renewal' && hasFeature(fact.plan, 'teams')
        ? await lockRenewalTeam(tx, subscription.userId)
        : undefined;
    await grantCredits(tx, {
      userId: subscription.userId,
      ...(team ? { teamId: team.id } : {}),
      amount: credits,
      reason: 'plan',
      reference: orderId,
      idempotencyKey: `invoice:${fact.invoiceId}`,
    });
  }
  await updateSubscription(tx, subscription.userId, {
    plan: fact.plan,
    billingCycle: fact.cycle,
    status: 'active',
    ...(fact.periodEnd ? { currentPeriodEnd: fact.periodEnd } : {}),
  });
  await setProfilePlan(tx, subscription.userId, fact.plan satisfies SubscriptionPlanId);
  // A renewal is a full-price payment: a referral whose first payment was discounted completes now.
  await completeReferralIfEarned(tx, subscription.userId);
}

async function applySubscriptionUpdated({ tx }: ApplyContext, s: ProviderSubscription) {
  const row = await lockSubscriptionByProviderId(tx, s.id);
  // A subscription becomes ours with its paid checkout; earlier events about it change nothing.
  if (!row) return;
  await updateSubscription(tx, row.userId, {
    plan: s.plan,
    billingCycle: s.cycle,
    status: s.status,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    // The provider says it stops renewing (or has ended): a pending cancel request is done.
    ...(s.cancelAtPeriodEnd || s.status === 'canceled' ? { cancelRequestedAt: null } : {}),
    ...(s.customerId ? { providerCustomerId: s.customerId } : {}),
  });
  await setProfilePlan(tx, row.userId, planForStatus(s));
}

async function applySubscriptionDeleted({ tx }: ApplyContext, subscriptionId: string) {
  const row = await lockSubscriptionByProviderId(tx, subscriptionId);
  if (!row) return;
  await updateSubscription(tx, row.userId, { status: 'canceled', cancelAtPeriodEnd: false, cancelRequestedAt: null });
  await setProfilePlan(tx, row.userId, 'free');
}
