import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CURRENCIES,
  type Currency,
  type SubscriptionCycle,
  type SubscriptionPlanId,
  subscriptionPrice,
  toMinorUnits,
} from '@atelier/contracts';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import { sandboxCheckoutSessions } from '../../../platform/db/schema/index.ts';
import { addBillingPeriod, nextPeriodEnd, prorate } from '../billing-period.ts';
import {
  type CheckoutRequest,
  type CreatedCheckout,
  type PaymentFact,
  type PaymentProvider,
  type PlanChangeQuote,
  type PlanChangeRequest,
  type ProviderEvent,
  type ProviderSubscription,
  UnsupportedByProviderError,
  WebhookSignatureError,
} from './payment-provider.ts';

/** Path of the sandbox's own checkout page (served by sandbox-checkout-routes.ts). */
export const SANDBOX_CHECKOUT_PATH = '/billing/sandbox/checkout';

const SIGNATURE_TOLERANCE_SECONDS = 300;
const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

type CheckoutPaid = Extract<PaymentFact, { type: 'checkout.paid' }>;
type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

/** A signed event, as a provider would POST it to the webhook. */
export interface SignedEvent {
  rawBody: string;
  signature: string;
}

/**
 * Atelier's own test payment provider: no keys, no network, no money. Checkout sends the
 * browser to a clearly labelled page of Atelier's with Pay and Cancel; paying produces a
 * signed event that goes through the same verification and handling as a Stripe webhook.
 * Its sessions live in the database (as a provider keeps them), so every process can answer.
 * The signing key lives only in this process: the events it signs are delivered in-process.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly signingKey = randomBytes(32);

  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
  ) {}

  async createCustomer(): Promise<string> {
    return newId('sbx_cus');
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const id = newId('sbx_cs');
    await this.db.insert(sandboxCheckoutSessions).values({ id, details: { ...request }, expiresAt: request.expiresAt });
    return { sessionId: id, url: `${this.publicUrl}${SANDBOX_CHECKOUT_PATH}/${id}` };
  }

  /** The session as the checkout page shows it, or undefined for an unknown id. */
  async getSession(id: string): Promise<{ row: SessionRow; request: CheckoutRequest } | undefined> {
    const [row] = await this.db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
    return row ? { row, request: row.details as unknown as CheckoutRequest } : undefined;
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutPaid | null> {
    const session = await this.getSession(sessionId);
    if (session?.row.status !== 'paid') return null;
    return this.paidFact(session.row, session.request);
  }

  /**
   * Closes an open session (Stripe's expire call): it can no longer be paid. Answers the paid
   * fact for a session paid already, null for one closed now or before.
   */
  async expireCheckout(sessionId: string): Promise<CheckoutPaid | null> {
    const [closed] = await this.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')))
      .returning({ id: sandboxCheckoutSessions.id });
    return closed ? null : this.retrieveCheckout(sessionId);
  }

  /** Gives a paid session's payment back (its subscription never had a row of its own here). */
  async refundCheckout(sessionId: string): Promise<void> {
    await this.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'refunded' })
      .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'paid')));
  }

  /**
   * The Pay button: marks an open session paid (once) and signs the completion event. A
   * session past its expiry cannot be paid, as at Stripe.
   */
  async pay(sessionId: string, now = new Date()): Promise<SignedEvent | null> {
    const session = await this.getSession(sessionId);
    if (!session) return null;
    const recurring = session.request.plan !== 'lifetime';
    const [row] = await this.db
      .update(sandboxCheckoutSessions)
      .set({
        status: 'paid',
        paidAt: new Date(),
        paymentId: newId('sbx_pay'),
        subscriptionId: recurring ? newId('sbx_sub') : null,
      })
      .where(
        and(
          eq(sandboxCheckoutSessions.id, sessionId),
          eq(sandboxCheckoutSessions.status, 'open'),
          or(isNull(sandboxCheckoutSessions.expiresAt), gt(sandboxCheckoutSessions.expiresAt, now)),
        ),
      )
      .returning();
    if (!row) return null;
    return this.sign('checkout.session.completed', [this.paidFact(row, session.request)]);
  }

  /** The Cancel button: closes an open session and signs the expiry event. */
  async cancel(sessionId: string): Promise<SignedEvent | null> {
    const [row] = await this.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'canceled' })
      .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')))
      .returning({ id: sandboxCheckoutSessions.id });
    return row ? this.sign('checkout.session.expired', [{ type: 'checkout.canceled', sessionId }]) : null;
  }

  async previewPlanChange(request: PlanChangeRequest): Promise<PlanChangeQuote> {
    const now = request.prorationDate;
    // Keeping the cycle keeps the period's end; changing it starts a new full period today.
    const cycleChanged = request.cycle !== request.previousCycle;
    const periodEnd =
      cycleChanged || !request.currentPeriodEnd ? addBillingPeriod(now, request.cycle) : request.currentPeriodEnd;
    return { amountDue: prorate(request, now), periodEnd };
  }

  async changePlan(request: PlanChangeRequest): Promise<PaymentFact[]> {
    const { amountDue: amount, periodEnd } = await this.previewPlanChange(request);
    return [
      {
        type: 'invoice.paid',
        invoiceId: newId('sbx_in'),
        subscriptionId: request.subscriptionId,
        reason: 'change',
        amount,
        currency: request.currency,
        plan: request.plan,
        cycle: request.cycle,
        previousPlan: request.previousPlan,
        previousCycle: request.previousCycle,
        periodEnd,
      },
      {
        type: 'subscription.updated',
        subscription: {
          id: request.subscriptionId,
          customerId: null,
          status: 'active',
          plan: request.plan,
          cycle: request.cycle,
          currency: request.currency,
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: false,
        },
      },
    ];
  }

  async cancelAtPeriodEnd(): Promise<PaymentFact[]> {
    // The sandbox keeps no subscription of its own: the billing service marks its row.
    return [];
  }

  /**
   * The start of a subscription's first period (when its checkout was paid): its billing cycle
   * anchor, which keeps month-end renewals on the anchor day. Null for an unknown subscription.
   */
  async subscriptionAnchor(subscriptionId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ paidAt: sandboxCheckoutSessions.paidAt })
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.subscriptionId, subscriptionId));
    return row?.paidAt ?? null;
  }

  /**
   * What the sandbox does when a subscription's period is over (Atelier's subscription row is
   * the sandbox's record of it): one signed event, as Stripe would send it. A subscription set
   * to cancel at period end is deleted (`customer.subscription.deleted`); any other is charged
   * the list price of its plan and cycle for the next period (`invoice.paid`, billing reason
   * subscription_cycle, with the subscription moved on by one period). The event and invoice
   * ids are derived from the subscription and the period, so every process that produces the
   * event for that period produces the same ids: recorded once, granted once.
   */
  periodEndEvent(subscription: ProviderSubscription & { currentPeriodEnd: Date }, anchor: Date | null): SignedEvent {
    const end = subscription.currentPeriodEnd;
    const period = `${subscription.id}_${end.toISOString().replace(/[-:.]/g, '')}`;
    if (subscription.cancelAtPeriodEnd) {
      return this.sign(
        'customer.subscription.deleted',
        [{ type: 'subscription.deleted', subscriptionId: subscription.id }],
        `sbx_evt_end_${period}`,
      );
    }
    const currency = subscription.currency as Currency;
    if (!(CURRENCIES as readonly string[]).includes(currency)) {
      throw new Error(`Sandbox subscription ${subscription.id} has an unknown currency ${subscription.currency}`);
    }
    const periodEnd = nextPeriodEnd(end, subscription.cycle, anchor);
    return this.sign(
      'invoice.paid',
      [
        {
          type: 'invoice.paid',
          invoiceId: `sbx_in_${period}`,
          subscriptionId: subscription.id,
          reason: 'renewal',
          // The list price: a discount code takes money off the first payment only.
          amount: toMinorUnits(subscriptionPrice(currency, subscription.plan, subscription.cycle).amount),
          currency,
          plan: subscription.plan,
          cycle: subscription.cycle,
          previousPlan: null,
          previousCycle: null,
          periodEnd,
        },
        {
          type: 'subscription.updated',
          subscription: { ...subscription, status: 'active', currentPeriodEnd: periodEnd },
        },
      ],
      `sbx_evt_renew_${period}`,
    );
  }

  async createPortalSession(): Promise<string> {
    throw new UnsupportedByProviderError('The sandbox has no billing portal');
  }

  async parseEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    this.verify(rawBody, signature);
    const event = JSON.parse(rawBody, reviveDates) as ProviderEvent;
    return event;
  }

  private paidFact(row: SessionRow, request: CheckoutRequest): CheckoutPaid {
    const paidAt = row.paidAt ?? new Date();
    return {
      type: 'checkout.paid',
      sessionId: row.id,
      paymentId: row.paymentId,
      // Sessions stored before discounts existed have no `discount` field.
      amountPaid: request.amount - (request.discount?.amount ?? 0),
      subscription:
        request.plan === 'lifetime' || !row.subscriptionId
          ? null
          : {
              id: row.subscriptionId,
              customerId: request.customerId,
              status: 'active',
              plan: request.plan as SubscriptionPlanId,
              cycle: request.cycle as SubscriptionCycle,
              currency: request.currency,
              currentPeriodEnd: addBillingPeriod(paidAt, request.cycle as SubscriptionCycle),
              cancelAtPeriodEnd: false,
            },
    };
  }

  private sign(type: string, facts: PaymentFact[], id = newId('sbx_evt')): SignedEvent {
    const rawBody = JSON.stringify({ id, type, facts } satisfies ProviderEvent);
    const timestamp = Math.floor(Date.now() / 1000);
    return { rawBody, signature: `t=${timestamp},v1=${this.mac(timestamp, rawBody)}` };
  }

  private verify(rawBody: string, header: string | undefined): void {
    const parts = new Map((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
    const timestamp = Number(parts.get('t'));
    const given = Buffer.from(parts.get('v1') ?? '', 'hex');
    const expected = Buffer.from(this.mac(timestamp, rawBody), 'hex');
    const fresh = Math.abs(Date.now() / 1000 - timestamp) <= SIGNATURE_TOLERANCE_SECONDS;
    if (!fresh || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new WebhookSignatureError();
    }
  }

  private mac(timestamp: number, rawBody: string): string {
    return createHmac('sha256', this.signingKey).update(`${timestamp}.${rawBody}`).digest('hex');
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
function reviveDates(_key: string, value: unknown): unknown {
  return typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : value;
}
