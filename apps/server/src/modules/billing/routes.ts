import { createRoute } from '@hono/zod-openapi';
import {
  checkoutRequestSchema,
  discountCheckRequestSchema,
  discountCheckResponseSchema,
  errorBodySchema,
  lifetimeRequestSchema,
  ordersResponseSchema,
  plansQuerySchema,
  plansResponseSchema,
  redirectResponseSchema,
  subscriptionStatusSchema,
  syncOrdersResponseSchema,
  upgradeRequestSchema,
  upgradeResponseSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { requireUser } from '../auth/require-user.ts';
import type { BillingService } from './billing-service.ts';
import { WebhookSignatureError } from './providers/payment-provider.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const errors = {
  400: json(errorBodySchema, 'Invalid request'),
  401: json(errorBodySchema, 'Not signed in'),
  409: json(errorBodySchema, 'ALREADY_SUBSCRIBED, NO_ACTIVE_SUBSCRIPTION or CONFLICT'),
  502: json(errorBodySchema, 'PAYMENT_ERROR: the payment provider failed'),
};
const userRoute = { tags: ['billing'], middleware: [requireUser] };
/** A discount code the caller may not use (ADR 0009); each code names the reason. */
const discountErrors = {
  403: json(errorBodySchema, 'DISCOUNT_CODE_OWN, DISCOUNT_CODE_NOT_REFERRED or DISCOUNT_CODE_NOT_FIRST_PURCHASE'),
  404: json(errorBodySchema, 'DISCOUNT_CODE_NOT_FOUND'),
  409: json(
    errorBodySchema,
    'ALREADY_SUBSCRIBED, CONFLICT, DISCOUNT_CODE_UNAVAILABLE (expired or used up) or DISCOUNT_CODE_CURRENCY',
  ),
  429: json(errorBodySchema, 'RATE_LIMITED: too many discount code attempts'),
};

const plansRoute = createRoute({
  method: 'get',
  path: '/plans',
  tags: ['billing'],
  summary: 'Plans and prices in the currency of a language, and the lifetime slots left (visitors too)',
  request: { query: plansQuerySchema },
  responses: { 200: json(plansResponseSchema, 'Plans'), 400: errors[400] },
});

const checkoutRoute = createRoute({
  ...userRoute,
  method: 'post',
  path: '/checkout',
  summary:
    'Starts a subscription checkout for a user without one, with an optional new-user discount code; answers the payment page URL',
  request: body(checkoutRequestSchema),
  responses: { 200: json(redirectResponseSchema, 'Send the browser to url'), ...errors, ...discountErrors },
});

const discountCheckRoute = createRoute({
  ...userRoute,
  method: 'post',
  path: '/discount-codes/check',
  summary:
    "Whether the caller may use a friend's new-user discount code at a checkout in the language's currency, and what it takes off",
  request: body(discountCheckRequestSchema),
  responses: {
    200: json(discountCheckResponseSchema, 'The code may be used'),
    400: errors[400],
    401: errors[401],
    ...discountErrors,
  },
});

const upgradeRoute = createRoute({
  ...userRoute,
  method: 'post',
  path: '/upgrade',
  summary: 'Moves the active subscription to another plan or cycle, with proration',
  request: body(upgradeRequestSchema),
  responses: { 200: json(upgradeResponseSchema, 'Changed'), ...errors },
});

const lifetimeRoute = createRoute({
  ...userRoute,
  method: 'post',
  path: '/lifetime',
  summary:
    'Starts the one-time lifetime payment, with an optional new-user discount code; answers the payment page URL',
  request: body(lifetimeRequestSchema),
  responses: { 200: json(redirectResponseSchema, 'Send the browser to url'), ...errors, ...discountErrors },
});

const verifyRoute = createRoute({
  ...userRoute,
  method: 'post',
  path: '/verify',
  summary: "Asks the provider about the caller's checkout session and grants it when paid",
  request: body(verifyRequestSchema),
  responses: { 200: json(verifyResponseSchema, 'Whether the session is paid'), ...errors },
});

const subscriptionRoute = createRoute({
  ...userRoute,
  method: 'get',
  path: '/subscription',
  summary: "The caller's plan and when its paid period ends",
  responses: { 200: json(subscriptionStatusSchema, 'Subscription status'), 401: errors[401] },
});

const cancelRoute = createRoute({
  ...userRoute,
  method: 'post',
  path: '/subscription/cancel',
  summary: 'Stops renewal at the end of the paid period',
  responses: { 200: json(subscriptionStatusSchema, 'Subscription status'), ...errors },
});

const ordersRoute = createRoute({
  ...userRoute,
  method: 'get',
  path: '/orders',
  summary: "The caller's payments, newest first (amounts in minor units)",
  responses: { 200: json(ordersResponseSchema, 'Orders'), 401: errors[401] },
});

const syncRoute = createRoute({
  ...userRoute,
  method: 'post',
  path: '/orders/sync',
  summary: "Asks the provider about the caller's pending checkouts",
  responses: { 200: json(syncOrdersResponseSchema, 'How many became paid'), ...errors },
});

const portalRoute = createRoute({
  ...userRoute,
  method: 'post',
  path: '/portal',
  summary: 'A Stripe Billing Portal session for the caller',
  responses: { 200: json(redirectResponseSchema, 'Send the browser to url'), ...errors },
});

const stripeWebhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/stripe',
  tags: ['billing'],
  summary: 'Stripe events, verified by the Stripe-Signature header over the raw body',
  responses: {
    200: json(z.object({ received: z.literal(true) }), 'Received'),
    400: errors[400],
    404: json(errorBodySchema, 'Payments do not go through Stripe'),
  },
});

export function billingRoutes(billing: BillingService) {
  return createApiRouter()
    .openapi(plansRoute, async (c) => c.json(await billing.plans(c.req.valid('query').language), 200))
    .openapi(checkoutRoute, async (c) => c.json(await billing.checkout(c.var.user, c.req.valid('json')), 200))
    .openapi(discountCheckRoute, async (c) => c.json(await billing.checkDiscount(c.var.user, c.req.valid('json')), 200))
    .openapi(upgradeRoute, async (c) => {
      await billing.upgrade(c.var.user, c.req.valid('json'));
      return c.json({ success: true as const }, 200);
    })
    .openapi(lifetimeRoute, async (c) => c.json(await billing.lifetime(c.var.user, c.req.valid('json')), 200))
    .openapi(verifyRoute, async (c) =>
      c.json({ verified: await billing.verify(c.var.user.id, c.req.valid('json').sessionId) }, 200),
    )
    .openapi(subscriptionRoute, async (c) => c.json(await billing.status(c.var.user.id), 200))
    .openapi(cancelRoute, async (c) => {
      await billing.cancelAtPeriodEnd(c.var.user.id);
      return c.json(await billing.status(c.var.user.id), 200);
    })
    .openapi(ordersRoute, async (c) => c.json({ orders: await billing.orders(c.var.user.id) }, 200))
    .openapi(syncRoute, async (c) => c.json({ updated: await billing.syncOrders(c.var.user.id) }, 200))
    .openapi(portalRoute, async (c) => c.json(await billing.portal(c.var.user.id), 200))
    .openapi(stripeWebhookRoute, async (c) => {
      if (billing.providerName !== 'stripe') throw new AppError('NOT_FOUND', 'Payments do not go through Stripe');
      try {
        // The signature covers the exact bytes Stripe sent: read the raw text, never parsed JSON.
        await billing.handleEvent(await c.req.text(), c.req.header('stripe-signature'));
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new AppError('VALIDATION_ERROR', err.message);
        throw err;
      }
      return c.json({ received: true as const }, 200);
    });
}
