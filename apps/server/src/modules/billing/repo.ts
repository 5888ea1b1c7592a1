import { randomBytes } from 'node:crypto';
import { CHECKOUT_EXPIRY_GRACE_MINUTES } from '@atelier/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  billingCustomers,
  type OrderRow,
  orders,
  type PaymentProviderName,
  profiles,
  type SubscriptionRow,
  subscriptions,
} from '../../platform/db/schema/index.ts';

/** SQL of the billing module; every user-scoped query selects by owner id. */

export const newOrderId = () => `ord_${randomBytes(12).toString('base64url')}`;

const MINUTE_MS = 60_000;

/**
 * A checkout is open while its order is pending and the provider may still complete it: until
 * its session expires, plus a grace period for a completion whose event is on its way. Past
 * that it is over without anything being written (a lazy expiry): it holds no reservation and
 * no longer stops its owner from opening a discounted checkout. The provider's expiry event or
 * a close by Atelier marks it canceled at once.
 */
export function openCheckout(now: Date) {
  return and(eq(orders.status, 'pending'), gt(orders.expiresAt, openSince(now)));
}

/** `openCheckout` for an order in hand. */
export const isOpenCheckout = (order: OrderRow, now: Date) =>
  order.status === 'pending' && order.expiresAt !== null && order.expiresAt > openSince(now);

const openSince = (now: Date) => new Date(now.getTime() - CHECKOUT_EXPIRY_GRACE_MINUTES * MINUTE_MS);

/** Uses of a discount code held by open checkouts (of people other than `exceptUserId`). */
export async function countReservedUses(
  db: DbOrTx,
  codeId: string,
  { exceptUserId, now }: { exceptUserId: string; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.discountCodeId, codeId), ne(orders.userId, exceptUserId), openCheckout(now)));
  return row?.n ?? 0;
}

/** Whether the user has a checkout open (one being opened right now included). */
/** What a checkout sells, as far as "one open checkout of each" goes: a subscription, or Lifetime. */
export type CheckoutKind = 'subscription' | 'lifetime';
export const checkoutKindOf = (plan: string): CheckoutKind => (plan === 'lifetime' ? 'lifetime' : 'subscription');
const ofKind = (kind: CheckoutKind) =>
  kind === 'lifetime' ? eq(orders.plan, 'lifetime') : ne(orders.plan, 'lifetime');

/** Whether the user has an open checkout (of `kind`, when given). */
export async function hasOpenCheckout(db: DbOrTx, userId: string, now: Date, kind?: CheckoutKind): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), openCheckout(now), kind ? ofKind(kind) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function countPaidLifetimeOrders(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.plan, 'lifetime'), eq(orders.status, 'paid')));
  return row?.n ?? 0;
}

export async function findCustomerId(db: DbOrTx, userId: string, provider: PaymentProviderName) {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)));
  return row?.customerId;
}

/** Keeps the first customer id stored for a user (two concurrent checkouts create one row). */
export async function saveCustomerId(db: DbOrTx, userId: string, provider: PaymentProviderName, customerId: string) {
  await db.insert(billingCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
  return (await findCustomerId(db, userId, provider)) ?? customerId;
}

export async function findOrderBySession(db: DbOrTx, sessionId: string, options: { userId?: string } = {}) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.providerSessionId, sessionId), options.userId ? eq(orders.userId, options.userId) : undefined),
    );
  return row;
}

export async function lockOrderBySession(db: DbOrTx, sessionId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId)).for('update');
  return row;
}

/** Inserts a paid order for an invoice once; false when that invoice was recorded before. */
export async function insertInvoiceOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: orders.providerPaymentId })
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Paid orders and checkouts still open; an abandoned checkout drops out once it expires. */
export async function listVisibleOrders(db: DbOrTx, userId: string, now = new Date()) {
  return db
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, userId), or(inArray(orders.status, ['paid', 'refunding', 'refunded']), openCheckout(now))),
    )
    .orderBy(desc(orders.createdAt));
}

/** The user's pending checkouts (of `kind`, when given), newest first. */
export async function listPendingCheckouts(db: DbOrTx, userId: string, limit: number, kind?: CheckoutKind) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), kind ? ofKind(kind) : undefined))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** A paid checkout the rules refused: nothing granted, its money to be given back (ADR 0053). */
export async function updateOrderRefusedPaid(
  db: DbOrTx,
  orderId: string,
  payment: { providerPaymentId: string | null; amount: number; paidAt: Date },
): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'refunding', ...payment })
    .where(eq(orders.id, orderId));
}

/** Refused payments of a provider whose refund has not gone through yet, oldest first. */
export function listRefundingOrders(
  db: DbOrTx,
  provider: PaymentProviderName,
  options: { userId?: string; limit: number },
) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.provider, provider),
        eq(orders.status, 'refunding'),
        options.userId ? eq(orders.userId, options.userId) : undefined,
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(options.limit);
}

export async function updateOrderRefunded(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'refunded' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'refunding')));
}

/** Whether a payment of an invoice (a renewal, a plan change) of the user was applied after `since`. */
export async function hasInvoicePaidSince(db: DbOrTx, userId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'paid'),
        isNull(orders.providerSessionId),
        gt(orders.paidAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** The user's subscription row, locked: plan changes of one customer go one at a time. */
export async function lockSubscriptionOfUser(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  return row;
}

export async function lockSubscriptionByProviderId(db: DbOrTx, providerSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .for('update');
  return row;
}

/**
 * Sandbox subscriptions whose paid period is over while they still give access: what the
 * sandbox's billing clock renews or ends, earliest period end first. `skip` leaves out rows
 * that failed earlier in the same sweep.
 */
export async function listDueSandboxSubscriptions(
  db: DbOrTx,
  now: Date,
  options: { limit: number; skip: readonly string[] },
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'sandbox'),
        inArray(subscriptions.status, ['active', 'past_due']),
        lte(subscriptions.currentPeriodEnd, now),
        options.skip.length ? notInArray(subscriptions.providerSubscriptionId, [...options.skip]) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(options.limit);
}

/**
 * Locks a user's profile row (the row grantCredits locks). A transaction that will lock both
 * the profile and the subscription takes the profile first, as a paid checkout does, so the
 * two never wait on each other in opposite order.
 */
export async function lockProfile(tx: DbOrTx, userId: string) {
  await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, userId)).for('update');
}

/** One subscription row per user: a new subscription replaces an ended one. */
export async function upsertSubscription(db: DbOrTx, values: typeof subscriptions.$inferInsert) {
  const { userId: _userId, createdAt: _createdAt, ...changes } = values;
  await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...changes, updatedAt: new Date() } });
}

export async function updateSubscription(
  db: DbOrTx,
  userId: string,
  changes: Partial<Omit<typeof subscriptions.$inferInsert, 'userId'>>,
) {
  await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(subscriptions.userId, userId));
}

export async function getProfilePlan(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ plan: profiles.subscriptionType, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row;
}

/**
 * Sets the plan shown on the profile. Lifetime is never taken away by a subscription's
 * events: a Lifetime member whose old subscription ends stays Lifetime.
 */
export async function setProfilePlan(db: DbOrTx, userId: string, plan: string) {
  await db
    .update(profiles)
    .set({ subscriptionType: plan, updatedAt: new Date() })
    .where(
      and(eq(profiles.userId, userId), plan === 'lifetime' ? undefined : ne(profiles.subscriptionType, 'lifetime')),
    );
}

/**
 * Becoming Lifetime (a paid lifetime order or the three-referral reward): the profile plan,
 * and a cancellation request for a subscription still running, which Lifetime makes redundant.
 * The provider is told after the transaction commits (processCancelRequests in service.ts).
 */
export async function makeLifetime(tx: DbOrTx, userId: string) {
  await setProfilePlan(tx, userId, 'lifetime');
  await requestSubscriptionCancel(tx, userId);
}

/** Marks the user's running, still renewing subscription to be cancelled at its provider. */
export async function requestSubscriptionCancel(tx: DbOrTx, userId: string) {
  await tx
    .update(subscriptions)
    .set({ cancelRequestedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['active', 'past_due']),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNull(subscriptions.cancelRequestedAt),
      ),
    );
}

/** Subscriptions of a provider waiting for their cancellation to reach it, oldest request first. */
export async function listCancelRequests(
  db: DbOrTx,
  provider: PaymentProviderName,
  options: { userId?: string; limit: number },
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.cancelRequestedAt),
        eq(subscriptions.provider, provider),
        options.userId ? eq(subscriptions.userId, options.userId) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.cancelRequestedAt))
    .limit(options.limit);
}

/** The provider stops renewing the subscription (or it has ended): the request is done. */
export async function settleCancelRequest(
  db: DbOrTx,
  providerSubscriptionId: string,
  changes: { cancelAtPeriodEnd?: boolean } = {},
) {
  await db
    .update(subscriptions)
    .set({ ...changes, cancelRequestedAt: null, updatedAt: new Date() })
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
}
