import { applyPaymentFacts } from './apply-payment-facts.ts';
import { applyContext, type BillingDeps } from './billing-deps.ts';
import { processCancelRequests } from './cancellation.ts';
import type { PaymentFact } from './providers/payment-provider.ts';
import { processRefunds } from './refunds.ts';

/** Applies facts in one transaction, then passes on the cancellations and refunds they requested. */
export async function applyPayments(deps: BillingDeps, facts: readonly PaymentFact[]) {
  await deps.db.transaction((tx) => applyPaymentFacts(applyContext(deps, tx), facts));
  await afterPayments(deps);
}

/**
 * What payments leave for the provider once they are committed: cancellations and refunds. The
 * payments are applied whatever happens here: a failure is logged and retried after the next.
 */
export async function afterPayments(deps: BillingDeps) {
  await processCancelRequests(deps).catch((err: unknown) =>
    deps.logger.error({ err: { message: (err as Error).message } }, 'billing: cancel requests failed'),
  );
  await processRefunds(deps).catch((err: unknown) =>
    deps.logger.error({ err: { message: (err as Error).message } }, 'billing: refunds failed'),
  );
}
