import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of the Stripe API that Atelier uses: it speaks Stripe's
 * form-encoded requests and JSON objects, checks the secret key, and builds events signed with
 * the real `generateTestHeaderString`, so the provider and the webhook are tested end to end
 * without a network. Helpers play the part of the customer (paying) and of time (renewals).
 */

type Obj = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;
const PERIOD_SECONDS = { month: 30 * DAY, year: 365 * DAY } as const;

/** Parses Stripe's bracketed form encoding (`a[b][0][c]=x`) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    path.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) node[name] = value;
      else {
        node[name] ??= {};
        node = node[name] as Obj;
      }
    });
  }
  return arraysFromIndexes(root) as Obj;
}

function arraysFromIndexes(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Obj).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  const numeric = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  return numeric ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v) : Object.fromEntries(entries);
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every request received, for assertions. */
  requests: { method: string; path: string; body: Obj }[];
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  coupons: Map<string, Obj>;
  /** Refunds made, by id: each names the PaymentIntent it gave back. */
  refunds: Map<string, Obj>;
  /**
   * The next `times` requests to `method path` fail with Stripe's 400 error (a 400 is not
   * retried by stripe-node), as an unreachable or refusing Stripe would.
   */
  failNext(method: string, path: RegExp, times?: number): void;
  /**
   * The customer pays on Stripe's page: the session completes and its subscription starts.
   * Throws, as Stripe's page refuses, for a session that is not open or past its `expires_at`.
   */
  completeCheckout(sessionId: string): Obj;
  /** Stripe's clock reaches the session's `expires_at`: an open session expires (answered). */
  expireSession(sessionId: string): Obj;
  /** A new period of a subscription is paid: answers the paid invoice. */
  renew(subscriptionId: string): Obj;
  /** A webhook delivery of an event about `object`, signed with the webhook secret. */
  signedEvent(type: string, object: Obj, options?: { eventId?: string }): { payload: string; signature: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const requests: FakeStripe['requests'] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const coupons = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  /** The payments of invoices (`invoice_payments`): the PaymentIntent that paid each. */
  const invoicePayments = new Map<string, Obj[]>();
  const paymentIntents = new Set<string>();
  const failures: { method: string; path: RegExp; remaining: number }[] = [];
  /** Answers given to a POST with an Idempotency-Key: the same key gets the same answer, as at Stripe. */
  const idempotent = new Map<string, { status: number; body: unknown }>();

  /**
   * Checks a session's `discounts` as Stripe does (at most one; the coupon exists, is valid and
   * in the session's currency) and answers the amount it takes off `subtotal`.
   */
  const sessionDiscount = (
    discounts: unknown,
    currency: unknown,
    subtotal: number,
  ): { coupon: Obj | null; off: number } => {
    const list = (discounts as Obj[] | undefined) ?? [];
    if (list.length > 1) throw new StripeFakeError(400, 'You may only specify one discount.');
    const couponId = list[0]?.coupon as string | undefined;
    if (!couponId) return { coupon: null, off: 0 };
    const coupon = found(coupons, couponId);
    if (!coupon.valid) throw new StripeFakeError(400, `Coupon ${couponId} is no longer valid.`);
    if (coupon.amount_off !== null && coupon.currency !== currency) {
      throw new StripeFakeError(
        400,
        `Coupon ${couponId} is in ${coupon.currency as string}, not ${currency as string}.`,
      );
    }
    const off =
      coupon.amount_off !== null
        ? (coupon.amount_off as number)
        : Math.round((subtotal * (coupon.percent_off as number)) / 100);
    return { coupon, off: Math.min(off, subtotal) };
  };

  /** A coupon is redeemed when a checkout using it completes. */
  const redeem = (coupon: Obj) => {
    coupon.times_redeemed = (coupon.times_redeemed as number) + 1;
    if (coupon.max_redemptions !== null && (coupon.times_redeemed as number) >= (coupon.max_redemptions as number)) {
      coupon.valid = false;
    }
  };

  const expireOpen = (session: Obj): Obj => {
    if (session.status !== 'open') {
      throw new StripeFakeError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status as string}".`,
      );
    }
    session.status = 'expired';
    return session;
  };

  const createPrice = (data: Obj): Obj => {
    const price = {
      id: id('price'),
      object: 'price',
      currency: data.currency,
      unit_amount: Number(data.unit_amount),
      recurring: data.recurring ? { interval: (data.recurring as Obj).interval } : null,
      product: id('prod'),
    };
    prices.set(price.id, price);
    return price;
  };

  const createInvoice = (subscription: Obj, amount: number, billingReason: string): Obj => {
    const item = ((subscription.items as Obj).data as Obj[])[0]!;
    const invoice = {
      id: id('in'),
      object: 'invoice',
      status: 'paid',
      billing_reason: billingReason,
      amount_paid: amount,
      currency: subscription.currency,
      customer: subscription.customer,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...(subscription.metadata as Obj) } },
      },
      lines: { object: 'list', data: [{ period: { start: now(), end: item.current_period_end } }] },
    };
    invoices.set(invoice.id, invoice);
    const paymentIntent = id('pi');
    paymentIntents.add(paymentIntent);
    invoicePayments.set(invoice.id, [
      {
        id: id('inpay'),
        object: 'invoice_payment',
        invoice: invoice.id,
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
      },
    ]);
    return invoice;
  };

  const startSubscription = (session: Obj): Obj => {
    const lineItem = (session.line_items as Obj[])[0]!;
    const price = createPrice(lineItem.price_data as Obj);
    const interval = (price.recurring as Obj).interval as 'month' | 'year';
    const subscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      currency: price.currency,
      cancel_at_period_end: false,
      metadata: { ...(((session.subscription_data as Obj | undefined)?.metadata as Obj) ?? {}) },
      items: {
        object: 'list',
        data: [
          { id: id('si'), object: 'subscription_item', price, current_period_end: now() + PERIOD_SECONDS[interval] },
        ],
      },
      latest_invoice: null as unknown,
    };
    subscriptions.set(subscription.id, subscription);
    // A `once` coupon applies to the first invoice only; renewals are charged in full.
    const firstAmount = (price.unit_amount as number) - ((session.total_details as Obj).amount_discount as number);
    subscription.latest_invoice = createInvoice(subscription, firstAmount, 'subscription_create').id;
    return subscription;
  };

  const expand = (object: Obj, fields: unknown): Obj => {
    const copy = { ...object };
    for (const field of (fields as string[] | undefined) ?? []) {
      const ref = copy[field];
      if (typeof ref === 'string') copy[field] = subscriptions.get(ref) ?? invoices.get(ref) ?? ref;
    }
    return copy;
  };

  const updateSubscription = (subscription: Obj, data: Obj): Obj => {
    if (data.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = data.cancel_at_period_end === 'true';
    if (data.metadata) subscription.metadata = { ...(subscription.metadata as Obj), ...(data.metadata as Obj) };
    const [change] = (data.items as Obj[] | undefined) ?? [];
    if (change) {
      const item = ((subscription.items as Obj).data as Obj[])[0]!;
      const oldPrice = item.price as Obj;
      const newPrice = prices.get(change.price as string);
      if (!newPrice) throw new StripeFakeError(400, `No such price: '${change.price}'`);
      item.price = newPrice;
      const amount = Math.max(0, (newPrice.unit_amount as number) - (oldPrice.unit_amount as number));
      if (data.proration_behavior === 'always_invoice') {
        subscription.latest_invoice = createInvoice(subscription, amount, 'subscription_update').id;
      }
    }
    return subscription;
  };

  const routes: [string, RegExp, (match: string[], data: Obj) => Obj][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, data) => {
        const customer = { id: id('cus'), object: 'customer', email: data.email, metadata: data.metadata ?? {} };
        customers.set(customer.id, customer);
        return customer;
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, data) => {
        const sessionId = id('cs_test');
        const lineItems = (data.line_items as Obj[] | undefined) ?? [];
        const currency = (lineItems[0]?.price_data as Obj | undefined)?.currency;
        const subtotal = lineItems.reduce(
          (sum, item) => sum + Number((item.price_data as Obj).unit_amount) * Number(item.quantity ?? 1),
          0,
        );
        const { coupon, off } = sessionDiscount(data.discounts, currency, subtotal);
        const expiresAt = data.expires_at === undefined ? now() + DAY : Number(data.expires_at);
        if (expiresAt < now() + 30 * 60 - 60 || expiresAt > now() + DAY + 60) {
          throw new StripeFakeError(
            400,
            'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
          );
        }
        const session = {
          ...data,
          id: sessionId,
          object: 'checkout.session',
          status: 'open',
          payment_status: 'unpaid',
          currency,
          amount_subtotal: subtotal,
          amount_total: subtotal - off,
          total_details: { amount_discount: off, amount_shipping: 0, amount_tax: 0 },
          expires_at: expiresAt,
          discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          subscription: null,
          payment_intent: null,
          invoice: null,
        };
        sessions.set(sessionId, session);
        return session;
      },
    ],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, ([sid], data) => expand(found(sessions, sid!), data.expand)],
    // Only an open session can be expired; then it can no longer be completed.
    ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, ([sid]) => expireOpen(found(sessions, sid!))],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, ([sid], data) => expand(found(subscriptions, sid!), data.expand)],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([sid], data) => expand(updateSubscription(found(subscriptions, sid!), data), data.expand),
    ],
    // Cancelling ends a subscription at once (no refund: that is a refund of its payment).
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([sid]) => {
        const subscription = found(subscriptions, sid!);
        if (subscription.status === 'canceled')
          throw new StripeFakeError(400, 'This subscription is already canceled.');
        subscription.status = 'canceled';
        return subscription;
      },
    ],
    [
      'GET',
      /^\/v1\/invoice_payments$/,
      (_m, data) => ({ object: 'list', data: invoicePayments.get(data.invoice as string) ?? [], has_more: false }),
    ],
    // A PaymentIntent is refunded once in full; a second refund of it is refused, as Stripe does.
    [
      'POST',
      /^\/v1\/refunds$/,
      (_m, data) => {
        const paymentIntent = data.payment_intent as string;
        if (!paymentIntents.has(paymentIntent))
          throw new StripeFakeError(404, `No such payment_intent: '${paymentIntent}'`);
        if ([...refunds.values()].some((r) => r.payment_intent === paymentIntent)) {
          throw new StripeFakeError(400, `Charge for ${paymentIntent} has already been refunded.`);
        }
        const refund = {
          id: id('re'),
          object: 'refund',
          payment_intent: paymentIntent,
          status: 'succeeded',
          reason: data.reason ?? null,
          metadata: data.metadata ?? {},
        };
        refunds.set(refund.id, refund);
        return refund;
      },
    ],
    // The proration of a subscription item's price change, as an invoice that is never saved.
    [
      'POST',
      /^\/v1\/invoices\/create_preview$/,
      (_m, data) => {
        const subscription = found(subscriptions, data.subscription as string);
        const details = data.subscription_details as Obj;
        const [change] = details.items as Obj[];
        const item = ((subscription.items as Obj).data as Obj[])[0]!;
        if (change!.id !== item.id) throw new StripeFakeError(400, `No such subscription item: '${change!.id}'`);
        const priceData = change!.price_data as Obj;
        if (priceData.currency !== subscription.currency) {
          throw new StripeFakeError(400, 'The price currency must match the subscription currency.');
        }
        const oldAmount = (item.price as Obj).unit_amount as number;
        const amount = Math.max(0, Number(priceData.unit_amount) - oldAmount);
        return {
          id: null,
          object: 'invoice',
          status: 'draft',
          billing_reason: 'subscription_update',
          amount_due: amount,
          currency: subscription.currency,
          lines: { object: 'list', data: [{ period: { start: now(), end: item.current_period_end } }] },
        };
      },
    ],
    [
      'POST',
      /^\/v1\/coupons$/,
      (_m, data) => {
        const amountOff = data.amount_off === undefined ? null : Number(data.amount_off);
        const percentOff = data.percent_off === undefined ? null : Number(data.percent_off);
        if ((amountOff === null) === (percentOff === null)) {
          throw new StripeFakeError(400, 'Coupons need exactly one of amount_off and percent_off.');
        }
        if (amountOff !== null && !data.currency) {
          throw new StripeFakeError(400, 'You must specify a currency when creating an amount_off coupon.');
        }
        const coupon = {
          id: (data.id as string | undefined) ?? randomBytes(4).toString('hex').toUpperCase(),
          object: 'coupon',
          amount_off: amountOff,
          percent_off: percentOff,
          currency: amountOff === null ? null : data.currency,
          duration: data.duration ?? 'once',
          max_redemptions: data.max_redemptions === undefined ? null : Number(data.max_redemptions),
          times_redeemed: 0,
          name: data.name ?? null,
          metadata: data.metadata ?? {},
          valid: true,
        };
        coupons.set(coupon.id, coupon);
        return coupon;
      },
    ],
    ['POST', /^\/v1\/prices$/, (_m, data) => createPrice({ ...data, recurring: data.recurring })],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_m, data) => {
        found(customers, data.customer as string);
        return {
          id: id('bps'),
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${id('p')}`,
        };
      },
    ],
  ];

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const data = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : raw);
      requests.push({ method: req.method ?? '', path: url.pathname, body: data });
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const send = (status: number, body: unknown) => {
        if (typeof key === 'string' && status === 200) idempotent.set(key, { status, body });
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      const replayed = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replayed) {
        send(replayed.status, replayed.body);
        return;
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const failure = failures.find((f) => f.remaining > 0 && f.method === req.method && f.path.test(url.pathname));
      if (failure) {
        failure.remaining--;
        send(400, { error: { type: 'invalid_request_error', message: 'Simulated failure (fake Stripe)' } });
        return;
      }
      for (const [method, pattern, handle] of routes) {
        const match = req.method === method ? pattern.exec(url.pathname) : null;
        if (!match) continue;
        try {
          send(200, handle(match.slice(1), data));
        } catch (err) {
          const status = err instanceof StripeFakeError ? err.status : 500;
          send(status, { error: { type: 'invalid_request_error', message: (err as Error).message } });
        }
        return;
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    subscriptions,
    invoices,
    coupons,
    refunds,
    failNext(method, path, times = 1) {
      failures.push({ method, path, remaining: times });
    },
    completeCheckout(sessionId) {
      const session = found(sessions, sessionId);
      if (session.status !== 'open' || now() >= (session.expires_at as number)) {
        throw new Error(`Checkout session ${sessionId} is ${session.status as string} or expired: it cannot be paid`);
      }
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      for (const discount of session.discounts as Obj[]) redeem(found(coupons, discount.coupon as string));
      if (session.mode === 'subscription') {
        const subscription = startSubscription(session);
        Object.assign(session, { subscription: subscription.id, invoice: subscription.latest_invoice });
      } else {
        session.payment_intent = id('pi');
        paymentIntents.add(session.payment_intent as string);
      }
      return session;
    },
    expireSession(sessionId) {
      return expireOpen(found(sessions, sessionId));
    },
    renew(subscriptionId) {
      const subscription = found(subscriptions, subscriptionId);
      const item = ((subscription.items as Obj).data as Obj[])[0]!;
      const price = item.price as Obj;
      const interval = (price.recurring as Obj).interval as 'month' | 'year';
      item.current_period_end = (item.current_period_end as number) + PERIOD_SECONDS[interval];
      const invoice = createInvoice(subscription, price.unit_amount as number, 'subscription_cycle');
      subscription.latest_invoice = invoice.id;
      return invoice;
    },
    signedEvent(type, object, options = {}) {
      const payload = JSON.stringify({
        id: options.eventId ?? id('evt'),
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function found(map: Map<string, Obj>, key: string): Obj {
  const value = map.get(key);
  if (!value) throw new StripeFakeError(404, `No such object: '${key}'`);
  return value;
}
