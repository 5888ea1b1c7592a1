import type { PaymentsConfig } from '../../../platform/config/payments-config.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { StripeProvider } from './stripe-provider.ts';

/** The payment provider the config names: Stripe with keys, else Atelier's sandbox. */
export function createPaymentProvider(payments: PaymentsConfig, db: Database, publicUrl: string): PaymentProvider {
  return payments.kind === 'stripe' ? new StripeProvider(payments) : new SandboxProvider(db, publicUrl);
}
