import { type FakeStripe, startFakeStripe } from '../fakes/fake-stripe.ts';
import type { DatabaseKind } from './databases.ts';
import { createTestRuntime, type TestRuntime } from './test-runtime.ts';

export interface StripeTestRuntime {
  rt: TestRuntime;
  stripe: FakeStripe;
  /** Stripe's webhook delivery of a signed event to Atelier. */
  deliver(event: { payload: string; signature: string }): Promise<Response>;
  close(): Promise<void>;
}

/** The whole app with payments going to a local fake of Stripe (test/fakes/fake-stripe.ts). */
export async function createStripeTestRuntime(kind: DatabaseKind): Promise<StripeTestRuntime> {
  const stripe = await startFakeStripe();
  const rt = await createTestRuntime(kind, {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  return {
    rt,
    stripe,
    deliver: (event) =>
      rt.request('/api/billing/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      }),
    close: async () => {
      await rt.close();
      await stripe.close();
    },
  };
}
