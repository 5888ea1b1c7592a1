import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invitationCodes } from './referrals.ts';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const BILLING_PLANS = ['pro', 'studio', 'lifetime'] as const;
const ORDER_CYCLES = ['monthly', 'yearly', 'lifetime'] as const;
/**
 * `refunding`: paid when the rules no longer allowed it (a second Lifetime, a second
 * subscription): nothing was granted, and the provider is still to give the money back (after
 * the commit, retried until it has); then `refunded`.
 */
export const ORDER_ROW_STATUSES = ['pending', 'paid', 'canceled', 'refunding', 'refunded'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionRowStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The provider's customer record of a user (one per user and provider). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: text('user_id').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('billing_customers_customer_idx').on(t.customerId),
  ],
);

/**
 * A user's recurring subscription as the provider last told us (one row per user). Lifetime
 * membership is not a subscription: it is a paid lifetime order and profiles.subscription_type.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id').primaryKey(),
    plan: text('plan', { enum: ['pro', 'studio'] }).notNull(),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** Currency of the subscription's prices: a plan change keeps it. */
    currency: text('currency').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * Set when the user became Lifetime while this subscription runs: the provider still has
     * to be told to stop renewing it. Written in the transaction that made the user Lifetime,
     * acted on after it commits and cleared once the provider confirms (ADR 0009).
     */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_subscription_idx').on(t.providerSubscriptionId),
    index('subscriptions_cancel_requested_idx').on(t.cancelRequestedAt).where(sql`${t.cancelRequestedAt} IS NOT NULL`),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Every payment: a checkout (keyed by the provider's session id), a renewal or a plan change
 * (keyed by the provider's invoice id). The unique keys make a replayed provider fact a no-op.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    providerPaymentId: text('provider_payment_id').unique(),
    plan: text('plan', { enum: BILLING_PLANS }).notNull(),
    billingCycle: text('billing_cycle', { enum: ORDER_CYCLES }).notNull(),
    /** Minor units (cents). */
    amount: integer('amount').notNull(),
    /** Lower-case ISO 4217, as providers take it; the API upper-cases it. */
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_ROW_STATUSES }).notNull().default('pending'),
    /** The new-user discount code applied at checkout (its use is counted when paid). */
    discountCodeId: uuid('discount_code_id').references(() => invitationCodes.id, { onDelete: 'set null' }),
    /** Minor units taken off the price; `amount` is what is charged. */
    discountAmount: integer('discount_amount').notNull().default(0),
    /**
     * When a checkout's session expires at the provider (null for invoices). A pending checkout
     * is open until then (plus a grace period) and holds its discount code's reservation.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    // A discount code's reservations are counted from this index (ADR 0028).
    index('orders_pending_discount_idx').on(t.discountCodeId).where(sql`${t.status} = 'pending'`),
    // Lifetime slots are counted from this index.
    index('orders_paid_lifetime_idx').on(t.plan).where(sql`${t.status} = 'paid' AND ${t.plan} = 'lifetime'`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** Provider events already handled: a redelivered event id is acknowledged and ignored. */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox provider's own books: what a real provider keeps on its side (checkout sessions
 * and their outcome), so the sandbox can be asked about a session like Stripe is.
 */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  /** `expired`: closed by Atelier before payment (Stripe's expire call); see also expires_at. */
  status: text('status', { enum: ['open', 'paid', 'canceled', 'expired', 'refunded'] })
    .notNull()
    .default('open'),
  /** What the session sells and to whom, as the checkout request gave it. */
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  /** Set when paid: the payment and (for subscriptions) the subscription it created. */
  paymentId: text('payment_id'),
  subscriptionId: text('subscription_id'),
  /** After this an open session can no longer be paid, like a Stripe session's `expires_at`. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});
