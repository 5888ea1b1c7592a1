import type { PaymentsConfig } from '../../platform/config/payments-config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { BillingService } from './billing-service.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { SandboxProvider } from './providers/sandbox-provider.ts';
import { StripeProvider } from './providers/stripe-provider.ts';
import { billingRoutes } from './routes.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout-routes.ts';

/** The payment provider the config names: Stripe with keys, else Atelier's sandbox. */
export function createPaymentProvider(payments: PaymentsConfig, db: Database, publicUrl: string): PaymentProvider {
  return payments.kind === 'stripe' ? new StripeProvider(payments) : new SandboxProvider(db, publicUrl);
}

/**
 * The billing routes: `/api/billing/*`, and with the sandbox its test checkout pages (to be
 * mounted at `/billing/sandbox`, outside the API).
 */
export function billingModule(deps: {
  db: Database;
  paymentProvider: PaymentProvider;
  publicUrl: string;
  logger: Logger;
}) {
  const service = new BillingService(deps.db, deps.paymentProvider, deps.publicUrl, deps.logger);
  return {
    service,
    apiRoutes: billingRoutes(service),
    sandboxPages:
      deps.paymentProvider instanceof SandboxProvider
        ? sandboxCheckoutRoutes(deps.paymentProvider, service)
        : undefined,
  };
}
