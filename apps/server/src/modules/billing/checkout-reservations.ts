import { applyDiscount, CHECKOUT_EXPIRES_MINUTES, type Currency } from '@atelier/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import { orders, type PaymentProviderName } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { resolveDiscountForCheckout, type UsableDiscount } from './discount-codes.ts';
import type { PaidCycle, PaidPlan } from './providers/payment-provider.ts';
import { checkoutKindOf, hasOpenCheckout, lockProfile, newOrderId } from './repo.ts';

const MINUTE_MS = 60_000;

export interface CheckoutToReserve {
  userId: string;
  provider: PaymentProviderName;
  plan: PaidPlan;
  cycle: PaidCycle;
  /** The list price, minor units. */
  amount: number;
  currency: Currency;
  discountCode: string | undefined;
  now: Date;
}

export interface ReservedCheckout {
  orderId: string;
  expiresAt: Date;
  /** The code and what it takes off, when one applies. */
  discount: (UsableDiscount & { amount: number }) | null;
}

/**
 * Records a checkout's pending order before the provider is asked for a session (ADR 0028).
 * With a discount code, in one transaction: the code's row and then the caller's profile are
 * locked, the code and the caller are checked (resolveDiscountForCheckout) and the order that
 * reserves the code's use is inserted — so of any number of concurrent checkouts with a
 * single-use code, or with codes by one user, exactly one gets it. Without a code the
 * profile's lock still orders the insert after any discounted checkout being decided.
 */
export async function reserveCheckout(db: Database, checkout: CheckoutToReserve): Promise<ReservedCheckout> {
  const { userId, discountCode, now } = checkout;
  const expiresAt = new Date(now.getTime() + CHECKOUT_EXPIRES_MINUTES * MINUTE_MS);
  return db.transaction(async (tx) => {
    const usable = discountCode
      ? await resolveDiscountForCheckout(tx, { userId, rawCode: discountCode, currency: checkout.currency, now })
      : null;
    if (!usable) await lockProfile(tx, userId);
    // Under the profile's lock: of two checkouts of one kind opened at once, the second finds
    // the first (the caller closed the older ones at the provider before).
    if (!usable && (await hasOpenCheckout(tx, userId, now, checkoutKindOf(checkout.plan)))) {
      throw new AppError(
        'CHECKOUT_OPEN',
        'Another checkout of yours for this is still open. Finish or cancel it first.',
      );
    }
    const priced = usable
      ? applyDiscount(checkout.amount, usable.amountOff)
      : { charged: checkout.amount, discount: 0 };
    const discount = usable && priced.discount > 0 ? { ...usable, amount: priced.discount } : null;
    const orderId = newOrderId();
    await tx.insert(orders).values({
      id: orderId,
      userId,
      provider: checkout.provider,
      plan: checkout.plan,
      billingCycle: checkout.cycle,
      amount: priced.charged,
      currency: checkout.currency,
      status: 'pending',
      discountCodeId: discount?.codeId ?? null,
      discountAmount: priced.discount,
      expiresAt,
    });
    return { orderId, expiresAt, discount };
  });
}

/** The provider's session for a reserved order. */
export async function attachSession(db: DbOrTx, orderId: string, sessionId: string) {
  await db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, orderId));
}

/** A reserved order whose session could not be opened: closed, its reservation released. */
export async function releaseReservation(db: DbOrTx, orderId: string) {
  await db
    .update(orders)
    .set({ status: 'canceled' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}
