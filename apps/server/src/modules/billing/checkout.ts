import {
  type CheckoutRequest as CheckoutBody,
  CURRENCY_BY_LANGUAGE,
  type Currency,
  type DiscountCheckRequest,
  type DiscountCheckResponse,
  LIFETIME_SLOTS_TOTAL,
  type LifetimeRequest,
  lifetimePrice,
  subscriptionPrice,
  toMinorUnits,
} from '@atelier/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { applyPayments } from './after-payments.ts';
import {
  activeSubscription,
  alreadySubscribed,
  type BillingDeps,
  type BillingUser,
  callProvider,
  currentPlan,
  MESSAGES,
  PRODUCT_NAME,
  SYNC_LIMIT,
} from './billing-deps.ts';
import { attachSession, releaseReservation, reserveCheckout } from './checkout-reservations.ts';
import { enforceDiscountAttempts, previewDiscount } from './discount-codes.ts';
import type { PaidCycle, PaidPlan } from './providers/payment-provider.ts';
import {
  type CheckoutKind,
  checkoutKindOf,
  countPaidLifetimeOrders,
  findCustomerId,
  listPendingCheckouts,
  saveCustomerId,
} from './repo.ts';

export async function remainingLifetimeSlots(deps: BillingDeps): Promise<number> {
  return Math.max(0, LIFETIME_SLOTS_TOTAL - (await countPaidLifetimeOrders(deps.db)));
}

/** A new subscription for a user who has none (a subscribed user changes plan with `upgrade`). */
export async function checkout(deps: BillingDeps, user: BillingUser, body: CheckoutBody): Promise<{ url: string }> {
  const current = await currentPlan(deps, user.id);
  if (current === body.planId) throw alreadySubscribed('You are already subscribed to this plan.');
  if (current === 'lifetime') throw alreadySubscribed('Lifetime members already have every plan.');
  if (await activeSubscription(deps, user.id)) {
    throw alreadySubscribed('You already have a subscription: change your plan with an upgrade.');
  }
  const currency = CURRENCY_BY_LANGUAGE[body.language];
  const price = subscriptionPrice(currency, body.planId, body.billingCycle);
  return startCheckout(deps, user, {
    plan: body.planId,
    cycle: body.billingCycle,
    amount: toMinorUnits(price.amount),
    currency,
    discountCode: body.discountCode,
    failureMessage: MESSAGES.checkout,
  });
}

/**
 * The pricing page's preview of a discount code: what it takes off a checkout in the
 * language's currency, or the DISCOUNT_CODE_* error a checkout with it would answer.
 */
export async function checkDiscount(
  deps: BillingDeps,
  user: BillingUser,
  body: DiscountCheckRequest,
): Promise<DiscountCheckResponse> {
  await enforceDiscountAttempts(deps.db, user.id);
  const { codeId: _codeId, ...usable } = await previewDiscount(deps.db, {
    userId: user.id,
    rawCode: body.code,
    currency: CURRENCY_BY_LANGUAGE[body.language],
    now: new Date(),
  });
  return usable;
}

/** The one-time lifetime payment, priced by the remaining slots at this moment. */
export async function startLifetimeCheckout(
  deps: BillingDeps,
  user: BillingUser,
  body: LifetimeRequest,
): Promise<{ url: string }> {
  if ((await currentPlan(deps, user.id)) === 'lifetime') {
    throw alreadySubscribed('You are already a Lifetime member.');
  }
  const remaining = await remainingLifetimeSlots(deps);
  if (remaining <= 0) throw new AppError('CONFLICT', 'Lifetime memberships are sold out.');
  const currency = CURRENCY_BY_LANGUAGE[body.language];
  const price = lifetimePrice(currency, remaining);
  return startCheckout(deps, user, {
    plan: 'lifetime',
    cycle: 'lifetime',
    amount: toMinorUnits(price.amount),
    currency,
    discountCode: body.discountCode,
    failureMessage: MESSAGES.lifetime,
  });
}

/**
 * Opens a checkout (ADR 0028). Its pending order is recorded first, reserving a discount
 * code's use under row locks (reserveCheckout); then the provider is asked for a session that
 * expires when the order does. A provider failure releases the reservation at once; a crash in
 * between leaves an order that expires by itself. A discount (never below the minimum charge)
 * comes off the first payment; the order records the amount charged, the amount taken off
 * and the code, whose use is counted when paid.
 */
async function startCheckout(
  deps: BillingDeps,
  user: BillingUser,
  { plan, cycle, amount, currency, discountCode, failureMessage }: CheckoutPlan,
): Promise<{ url: string }> {
  // One open checkout of each kind per customer (as Stripe advises): a new one closes the
  // old at the provider. A discounted one closes every other (a new user has none open).
  if (discountCode) await enforceDiscountAttempts(deps.db, user.id);
  await closeOpenCheckouts(deps, user.id, discountCode ? undefined : checkoutKindOf(plan));
  const reserved = await reserveCheckout(deps.db, {
    userId: user.id,
    provider: deps.paymentProvider.name,
    plan,
    cycle,
    amount,
    currency,
    discountCode,
    now: new Date(),
  });
  try {
    const checkout = await callProvider(deps, failureMessage, async () =>
      deps.paymentProvider.createCheckout({
        orderId: reserved.orderId,
        userId: user.id,
        customerId: await customerId(deps, user),
        plan,
        cycle,
        amount,
        currency,
        discount: reserved.discount
          ? { amount: reserved.discount.amount, name: `Discount code ${reserved.discount.code}` }
          : null,
        productName: PRODUCT_NAME[plan],
        expiresAt: reserved.expiresAt,
        successUrl: `${deps.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.publicUrl}/pricing`,
      }),
    );
    await attachSession(deps.db, reserved.orderId, checkout.sessionId);
    return { url: checkout.url };
  } catch (err) {
    await releaseReservation(deps.db, reserved.orderId);
    throw err;
  }
}

/**
 * Before a checkout: the caller's other checkouts still pending — of the same kind, or every
 * one before a discounted checkout — are closed at the provider (Stripe's expire call), so one
 * person never has two payable checkouts of a kind, nor a discounted one beside another, and
 * "back, change the plan, check out again" works. One found paid is applied (and the new
 * checkout is then judged against it). One that cannot be closed (a payment under way, the
 * provider unreachable) stays open, and the reservation refuses the new checkout.
 */
async function closeOpenCheckouts(deps: BillingDeps, userId: string, kind?: CheckoutKind): Promise<void> {
  for (const order of await listPendingCheckouts(deps.db, userId, SYNC_LIMIT, kind)) {
    const sessionId = order.providerSessionId;
    if (!sessionId) continue; // being opened right now: the reservation refuses
    try {
      const paid = await deps.paymentProvider.expireCheckout(sessionId);
      await applyPayments(deps, [paid ?? { type: 'checkout.canceled', sessionId }]);
    } catch (err) {
      deps.logger.warn(
        { orderId: order.id, err: { name: (err as Error).name, message: (err as Error).message } },
        'billing: could not close an open checkout before another',
      );
    }
  }
}

async function customerId(deps: BillingDeps, user: BillingUser): Promise<string> {
  const existing = await findCustomerId(deps.db, user.id, deps.paymentProvider.name);
  if (existing) return existing;
  const created = await deps.paymentProvider.createCustomer({ userId: user.id, email: user.email });
  return saveCustomerId(deps.db, user.id, deps.paymentProvider.name, created);
}

interface CheckoutPlan {
  plan: PaidPlan;
  cycle: PaidCycle;
  /** The list price, minor units. */
  amount: number;
  currency: Currency;
  /** A new-user discount code as typed; checked and reserved with the order. */
  discountCode: string | undefined;
  failureMessage: string;
}
