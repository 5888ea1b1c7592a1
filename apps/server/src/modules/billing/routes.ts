import {
  CHECKOUT_EXPIRES_MINUTES,
  checkoutRequestSchema,
  discountCheckRequestSchema,
  discountCheckResponseSchema,
  lifetimeRequestSchema,
  ordersResponseSchema,
  planChangePreviewSchema,
  planChangeRequestSchema,
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
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { requireUser } from '../auth/require-user.ts';
import { SandboxProvider } from './providers/sandbox-provider.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout-routes.ts';
import type { BillingDeps } from './service.ts';
import * as billing from './service.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';

const conflict = errorResponse('ALREADY_SUBSCRIBED, NO_ACTIVE_SUBSCRIPTION or CONFLICT');
const providerFailed = errorResponse('PAYMENT_ERROR: the payment provider failed');
/** A discount code the caller may not use (ADR 0009); each code names the reason. */
const discountErrors = {
  403: errorResponse(
    'DISCOUNT_CODE_OWN, DISCOUNT_CODE_NOT_REFERRED or DISCOUNT_CODE_NOT_FIRST_PURCHASE, or a request from another site (FORBIDDEN)',
  ),
  404: errorResponse('DISCOUNT_CODE_NOT_FOUND'),
  409: errorResponse(
    'ALREADY_SUBSCRIBED, CONFLICT, DISCOUNT_CODE_UNAVAILABLE (expired, switched off, used up or held by open checkouts), DISCOUNT_CODE_CURRENCY or DISCOUNT_CODE_CHECKOUT_OPEN (another checkout of the caller is still open)',
  ),
};
/** What opening a checkout holds and for how long (ADR 0028). */
const CHECKOUT_RESERVATION = `The checkout can be paid for ${CHECKOUT_EXPIRES_MINUTES} minutes. A discount code's use is reserved for it until it is paid, expires or is cancelled; with a code, the caller's other open checkouts are closed first.`;
const userRoute = { tag: 'billing' as const, access: 'user' as const, middleware: [requireUser] };

const plansRoute = apiRoute({
  method: 'get',
  path: '/plans',
  operationId: 'listPlans',
  tag: 'billing',
  access: 'public',
  summary: 'Plans and prices in the currency of a language, and the lifetime slots left (visitors too)',
  request: { query: plansQuerySchema },
  responses: { 200: jsonContent(plansResponseSchema, 'Plans') },
});

const checkoutRoute = apiRoute({
  ...userRoute,
  method: 'post',
  path: '/checkout',
  operationId: 'startCheckout',
  rateLimited: true,
  summary:
    'Starts a subscription checkout for a user without one, with an optional new-user discount code; answers the payment page URL',
  description: CHECKOUT_RESERVATION,
  request: jsonBody(checkoutRequestSchema),
  responses: {
    200: jsonContent(redirectResponseSchema, 'Send the browser to url'),
    ...discountErrors,
    502: providerFailed,
  },
});

const discountCheckRoute = apiRoute({
  ...userRoute,
  method: 'post',
  path: '/discount-codes/check',
  operationId: 'checkDiscountCode',
  rateLimited: true,
  summary:
    "Whether the caller may use a friend's new-user discount code at a checkout in the language's currency, and what it takes off",
  request: jsonBody(discountCheckRequestSchema),
  responses: { 200: jsonContent(discountCheckResponseSchema, 'The code may be used'), ...discountErrors },
});

const upgradeRoute = apiRoute({
  ...userRoute,
  method: 'post',
  path: '/upgrade',
  operationId: 'changeSubscription',
  summary: 'Moves the active subscription to another plan or cycle, with proration',
  description:
    "With the preview's `prorationDate`, the change is prorated at the preview's moment and charges exactly its " +
    '`amountDue`; a preview older than 15 minutes answers 409 PLAN_CHANGE_QUOTE_EXPIRED.',
  request: jsonBody(planChangeRequestSchema),
  responses: { 200: jsonContent(upgradeResponseSchema, 'Changed'), 409: conflict, 502: providerFailed },
});

const changePreviewRoute = apiRoute({
  ...userRoute,
  method: 'post',
  path: '/change-preview',
  operationId: 'previewSubscriptionChange',
  rateLimited: true,
  summary:
    "What changing the active subscription to another plan or cycle would charge now (the provider's proration), the credits it adds and the next renewal; charges nothing",
  request: jsonBody(upgradeRequestSchema),
  responses: {
    200: jsonContent(planChangePreviewSchema, 'What the change would charge'),
    409: conflict,
    502: providerFailed,
  },
});

const lifetimeRoute = apiRoute({
  ...userRoute,
  method: 'post',
  path: '/lifetime',
  operationId: 'startLifetimeCheckout',
  rateLimited: true,
  summary:
    'Starts the one-time lifetime payment, with an optional new-user discount code; answers the payment page URL',
  description: CHECKOUT_RESERVATION,
  request: jsonBody(lifetimeRequestSchema),
  responses: {
    200: jsonContent(redirectResponseSchema, 'Send the browser to url'),
    ...discountErrors,
    502: providerFailed,
  },
});

const verifyRoute = apiRoute({
  ...userRoute,
  method: 'post',
  path: '/verify',
  operationId: 'verifyPayment',
  summary:
    "Asks the provider about the caller's checkout session and grants it when paid; answers what the paid order bought",
  request: jsonBody(verifyRequestSchema),
  responses: {
    200: jsonContent(verifyResponseSchema, 'Whether the session is paid'),
    409: conflict,
    502: providerFailed,
  },
});

const subscriptionRoute = apiRoute({
  ...userRoute,
  method: 'get',
  path: '/subscription',
  operationId: 'getSubscription',
  summary: "The caller's plan and when its paid period ends",
  responses: { 200: jsonContent(subscriptionStatusSchema, 'Subscription status') },
});

const cancelRoute = apiRoute({
  ...userRoute,
  method: 'post',
  path: '/subscription/cancel',
  operationId: 'cancelSubscription',
  summary: 'Stops renewal at the end of the paid period',
  responses: { 200: jsonContent(subscriptionStatusSchema, 'Subscription status'), 409: conflict, 502: providerFailed },
});

const ordersRoute = apiRoute({
  ...userRoute,
  method: 'get',
  path: '/orders',
  operationId: 'listOrders',
  summary: "The caller's payments, newest first (amounts in minor units)",
  responses: { 200: jsonContent(ordersResponseSchema, 'Orders') },
});

const syncRoute = apiRoute({
  ...userRoute,
  method: 'post',
  path: '/orders/sync',
  operationId: 'syncOrders',
  summary: "Asks the provider about the caller's pending checkouts",
  responses: { 200: jsonContent(syncOrdersResponseSchema, 'How many became paid'), 502: providerFailed },
});

const portalRoute = apiRoute({
  ...userRoute,
  method: 'post',
  path: '/portal',
  operationId: 'openBillingPortal',
  summary: 'A Stripe Billing Portal session for the caller',
  responses: {
    200: jsonContent(redirectResponseSchema, 'Send the browser to url'),
    404: errorResponse('The caller has never checked out, so has no billing account yet (NOT_FOUND)'),
    409: conflict,
    502: providerFailed,
  },
});

export function billingRoutes(deps: BillingDeps) {
  return createApiRouter()
    .openapi(plansRoute, async (c) => c.json(await billing.plans(deps, c.req.valid('query').language), 200))
    .openapi(checkoutRoute, async (c) => c.json(await billing.checkout(deps, c.var.user, c.req.valid('json')), 200))
    .openapi(discountCheckRoute, async (c) =>
      c.json(await billing.checkDiscount(deps, c.var.user, c.req.valid('json')), 200),
    )
    .openapi(upgradeRoute, async (c) => {
      await billing.upgrade(deps, c.var.user, c.req.valid('json'));
      return c.json({ success: true as const }, 200);
    })
    .openapi(changePreviewRoute, async (c) =>
      c.json(await billing.previewChange(deps, c.var.user, c.req.valid('json')), 200),
    )
    .openapi(lifetimeRoute, async (c) =>
      c.json(await billing.startLifetimeCheckout(deps, c.var.user, c.req.valid('json')), 200),
    )
    .openapi(verifyRoute, async (c) =>
      c.json(await billing.verifyWithSummary(deps, c.var.user.id, c.req.valid('json').sessionId), 200),
    )
    .openapi(subscriptionRoute, async (c) => c.json(await billing.status(deps, c.var.user.id), 200))
    .openapi(cancelRoute, async (c) => {
      await billing.cancelAtPeriodEnd(deps, c.var.user.id);
      return c.json(await billing.status(deps, c.var.user.id), 200);
    })
    .openapi(ordersRoute, async (c) => c.json({ orders: await billing.orders(deps, c.var.user.id) }, 200))
    .openapi(syncRoute, async (c) => c.json({ updated: await billing.syncOrders(deps, c.var.user.id) }, 200))
    .openapi(portalRoute, async (c) => c.json(await billing.portal(deps, c.var.user.id), 200))
    .route('/', stripeWebhookRoutes(deps));
}

/**
 * The billing routes: `/api/billing/*`, and with the sandbox its test checkout pages (to be
 * mounted at `/billing/sandbox`, outside the API).
 */
export function billingModule(deps: BillingDeps) {
  return {
    deps,
    apiRoutes: billingRoutes(deps),
    sandboxPages:
      deps.paymentProvider instanceof SandboxProvider ? sandboxCheckoutRoutes(deps.paymentProvider, deps) : undefined,
  };
}
