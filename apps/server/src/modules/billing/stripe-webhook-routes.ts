import { z } from '@hono/zod-openapi';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import { WebhookSignatureError } from './providers/payment-provider.ts';
import type { BillingDeps } from './service.ts';
import * as billing from './service.ts';

const stripeWebhookRoute = apiRoute({
  method: 'post',
  path: '/webhooks/stripe',
  operationId: 'receiveStripeEvent',
  tag: 'billing',
  access: 'public',
  summary: 'Stripe events, verified by the Stripe-Signature header over the raw body',
  request: {
    headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }),
    body: {
      required: true,
      content: { 'application/json': { schema: { type: 'object' as const, description: 'A Stripe event' } } },
    },
  },
  responses: {
    200: jsonContent(z.object({ received: z.literal(true) }).meta({ id: 'WebhookReceipt' }), 'Received'),
    400: errorResponse('The signature does not match the body (VALIDATION_ERROR)'),
    404: errorResponse('Payments do not go through Stripe (NOT_FOUND)'),
  },
});

/** Stripe's events, when payments go through Stripe (404 with the sandbox). */
export function stripeWebhookRoutes(deps: BillingDeps) {
  return createApiRouter().openapi(stripeWebhookRoute, async (c) => {
    if (deps.paymentProvider.name !== 'stripe') throw new AppError('NOT_FOUND', 'Payments do not go through Stripe');
    try {
      // The signature covers the exact bytes Stripe sent: read the raw text, never parsed JSON.
      await billing.handleEvent(deps, await c.req.text(), c.req.header('stripe-signature'));
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new AppError('VALIDATION_ERROR', err.message);
      throw err;
    }
    return c.json({ received: true as const }, 200);
  });
}
