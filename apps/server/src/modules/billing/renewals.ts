import { afterPayments } from './after-payments.ts';
import type { BillingDeps } from './billing-deps.ts';
import { SandboxProvider } from './providers/sandbox-provider.ts';
import { renewSandboxSubscriptions, type SandboxRenewalResult } from './sandbox-renewals.ts';

/**
 * The sandbox's periodic renewal (ADR 0006, addendum): every sandbox subscription whose
 * period ended by `now` is renewed (a paid order at the list price, the next period, its
 * credits once) or, when set to cancel at period end, ended — through the same facts and
 * applyPaymentFacts as Stripe's renewal webhooks. Pending Lifetime cancellations reach the
 * sandbox first, so a Lifetime member's subscription ends instead of renewing. Does nothing
 * with another provider, whose renewals arrive as webhooks.
 */
export async function renewDueSandboxSubscriptions(
  deps: BillingDeps,
  now: Date = new Date(),
): Promise<SandboxRenewalResult> {
  if (!(deps.paymentProvider instanceof SandboxProvider)) return { renewed: 0, ended: 0, failed: 0 };
  await afterPayments(deps);
  return renewSandboxSubscriptions({ db: deps.db, sandbox: deps.paymentProvider, log: deps.logger }, now);
}
