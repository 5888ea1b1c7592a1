import { applyPaymentFacts } from './apply-payment-facts.ts';
import {
  activeSubscription,
  applyContext,
  type BillingDeps,
  CANCEL_BATCH,
  callProvider,
  MESSAGES,
  noActiveSubscription,
} from './billing-deps.ts';
import type { PaymentFact } from './providers/payment-provider.ts';
import { listCancelRequests, settleCancelRequest } from './repo.ts';

/** Stops renewal; the plan stays until the end of the paid period. */
export async function cancelAtPeriodEnd(deps: BillingDeps, userId: string): Promise<void> {
  const subscription = await activeSubscription(deps, userId);
  if (!subscription) {
    throw noActiveSubscription();
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
    await applyPaymentFacts(applyContext(deps, tx), facts);
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
