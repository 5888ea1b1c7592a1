// What every part of the billing service shares: its dependencies, the caller, the provider
// call wrapper, the English texts of payment errors and the reads of the caller's plan.
import { CURRENCIES, type Currency } from '@atelier/contracts';
import type { Database, Transaction } from '../../platform/db/database.ts';
import type { SubscriptionRow } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { ApplyContext } from './apply-payment-facts.ts';
import type { PaidPlan, PaymentProvider } from './providers/payment-provider.ts';
import { findSubscription, getProfilePlan } from './repo.ts';

/** The caller as the billing service needs it. */
export interface BillingUser {
  id: string;
  email: string;
}

export const TIER = { free: 'Free', pro: 'Pro', studio: 'Studio', lifetime: 'Lifetime' } as const;
export const PRODUCT_NAME: Record<PaidPlan, string> = {
  pro: 'Atelier Pro',
  studio: 'Atelier Studio',
  lifetime: 'Atelier Lifetime',
};
/** Checkouts that `orders/sync` asks the provider about, newest first. */
export const SYNC_LIMIT = 20;
/** Pending subscription cancellations passed to the provider after each payment commit. */
export const CANCEL_BATCH = 20;

/** The English fallback texts of the payment errors; the SPA shows each code in the user's language. */
export const MESSAGES = {
  checkout: 'Failed to process subscription. Please try again.',
  upgrade: 'Subscription update failed. Please try again or contact support.',
  preview: 'Could not work out the charge for this change. Please try again.',
  lifetime: 'Failed to create payment session. Please try again.',
  verify: 'There was an issue verifying your payment.',
  portal: 'Could not open the billing portal. Please try again.',
};

export const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/** What the billing functions need: the database, the payment provider, PUBLIC_URL and the log. */
export interface BillingDeps {
  db: Database;
  paymentProvider: PaymentProvider;
  publicUrl: string;
  logger: Logger;
}

export async function currentPlan(deps: BillingDeps, userId: string) {
  const profile = await getProfilePlan(deps.db, userId);
  if (!profile) throw notFound('Profile');
  return profile.plan;
}

/** The user's subscription while it gives access (active or being retried, period not over). */
export async function activeSubscription(deps: BillingDeps, userId: string) {
  return running(await findSubscription(deps.db, userId));
}

/** The row, if it still gives access: active or being retried, its period not over. */
export function running(row: SubscriptionRow | undefined): SubscriptionRow | undefined {
  if (!row || (row.status !== 'active' && row.status !== 'past_due')) return undefined;
  if (row.currentPeriodEnd && row.currentPeriodEnd <= new Date()) return undefined;
  return row;
}

/** Runs a provider call; a failure is logged (without secrets) and answered as PAYMENT_ERROR. */
export async function callProvider<T>(deps: BillingDeps, message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.logger.error(
      { err: { name: (err as Error).name, message: (err as Error).message } },
      'billing: provider call failed',
    );
    throw new AppError('PAYMENT_ERROR', message);
  }
}
export const alreadySubscribed = (message: string) => new AppError('ALREADY_SUBSCRIBED', message);
export const noActiveSubscription = () =>
  new AppError('NO_ACTIVE_SUBSCRIPTION', 'No active subscription found. Please subscribe first.');

/** What applying payment facts or a provider event needs, inside the caller's transaction. */
export const applyContext = (deps: BillingDeps, tx: Transaction): ApplyContext => ({
  tx,
  provider: deps.paymentProvider.name,
  log: deps.logger,
});
