import { creditsForPeriod, type VerifyResponse } from '@atelier/contracts';
import { completeReferralIfEarned } from '../referrals/referral-rewards.ts';
import { afterPayments, applyPayments } from './after-payments.ts';
import { applyProviderEvent } from './apply-payment-facts.ts';
import { applyContext, type BillingDeps, callProvider, isCurrency, MESSAGES, SYNC_LIMIT } from './billing-deps.ts';
import { processCancelRequests } from './cancellation.ts';
import { processRefunds } from './refunds.ts';
import { findOrderBySession, listPendingCheckouts } from './repo.ts';

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
  await applyPayments(deps, [paid]);
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

/**
 * A delivered provider event: verified first (a bad signature throws before anything is
 * read), then recorded by its id in the same transaction as its effects, so a redelivered
 * event changes nothing.
 */
export async function handleEvent(deps: BillingDeps, rawBody: string, signature: string | undefined): Promise<void> {
  const event = await deps.paymentProvider.parseEvent(rawBody, signature);
  await deps.db.transaction((tx) => applyProviderEvent(applyContext(deps, tx), event));
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
