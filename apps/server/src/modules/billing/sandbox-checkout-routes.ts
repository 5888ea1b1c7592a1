import { MINOR_UNITS_PER_MAJOR } from '@atelier/contracts';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/app-env.ts';
import type { CheckoutRequest } from './providers/payment-provider.ts';
import type { SandboxProvider } from './providers/sandbox-provider.ts';
import { type BillingDeps, handleEvent } from './service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const formatAmount = (request: CheckoutRequest, minor: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: request.currency.toUpperCase() }).format(
    minor / MINOR_UNITS_PER_MAJOR,
  );

/** What the payer is charged now: the list price, less a discount code's amount (first payment only). */
function amountLines(request: CheckoutRequest): string {
  // Sessions stored before discounts existed have no `discount` field.
  const discount = request.discount ?? null;
  if (!discount) return `<p class="amount">${escapeHtml(formatAmount(request, request.amount))}</p>`;
  const renewal = request.cycle === 'lifetime' ? '' : ` Renewals: ${formatAmount(request, request.amount)}.`;
  return `<p class="amount">${escapeHtml(formatAmount(request, request.amount - discount.amount))}
<s class="was">${escapeHtml(formatAmount(request, request.amount))}</s></p>
<p class="discount">${escapeHtml(`${discount.name}: −${formatAmount(request, discount.amount)} on this payment.${renewal}`)}</p>`;
}

/** An open session past its expiry can no longer be paid: the page says it expired. */
const shownStatus = (row: { status: string; expiresAt: Date | null }, now = new Date()) =>
  row.status === 'open' && row.expiresAt && row.expiresAt <= now ? 'expired' : row.status;

const returnUrl = (request: CheckoutRequest, sessionId: string) =>
  request.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));

/**
 * Plain server-rendered HTML with two forms: no script at all, so it runs under the app's
 * Content-Security-Policy, and it is unmistakably a test page.
 */
function checkoutPage(id: string, request: CheckoutRequest, status: string): string {
  const action = `/billing/sandbox/checkout/${encodeURIComponent(id)}`;
  const cycle = request.cycle === 'lifetime' ? 'one-time payment' : `billed ${request.cycle}`;
  const open = status === 'open';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout — Atelier</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 1px 3px #0002}
.banner{background:#fef3c7;border:2px dashed #d97706;color:#78350f;padding:.75rem 1rem;border-radius:8px;font-weight:600}
.amount{font-size:2.25rem;font-weight:700;margin:.25rem 0}
.was{font-size:1.25rem;font-weight:400;color:#71717a;margin-left:.5rem}
.discount{color:#047857;font-weight:600}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{flex:1;font:inherit;font-weight:600;padding:.75rem 1rem;border-radius:8px;border:1px solid #d4d4d8;cursor:pointer;background:#fff}
button.pay{background:#4f46e5;color:#fff;border-color:#4f46e5}
</style></head>
<body><main>
<p class="banner" role="note">SANDBOX — test checkout. No card is needed and no money moves.</p>
<h1>${escapeHtml(request.productName)}</h1>
${amountLines(request)}
<p>${escapeHtml(cycle)}</p>
${
  open
    ? `<div class="actions">
<form method="post" action="${action}/cancel"><button type="submit">Cancel</button></form>
<form method="post" action="${action}/pay"><button type="submit" class="pay">Pay (test)</button></form>
</div>`
    : `<p>This session is ${escapeHtml(status)}.</p><p><a href="${escapeHtml(returnUrl(request, id))}">Continue</a></p>`
}
</main></body></html>`;
}

/**
 * Atelier's own test checkout, the sandbox provider's "hosted payment page". Pay and Cancel
 * produce signed events that go through handleEvent (service.ts), the path a Stripe
 * webhook takes, and then send the browser back as Stripe would.
 */
export function sandboxCheckoutRoutes(sandbox: SandboxProvider, billing: BillingDeps) {
  const app = new Hono<AppEnv>();

  app.get('/checkout/:id', async (c) => {
    const session = await sandbox.getSession(c.req.param('id'));
    if (!session) return c.text('Unknown sandbox checkout session', 404);
    return c.html(checkoutPage(session.row.id, session.request, shownStatus(session.row)), 200, {
      'Cache-Control': 'no-store',
    });
  });

  // Pay and Cancel: the sandbox signs the outcome, the billing service handles it like a
  // webhook, and the browser goes where Stripe would send it.
  for (const button of ['pay', 'cancel'] as const) {
    app.post(`/checkout/:id/${button}`, async (c) => {
      const id = c.req.param('id');
      const session = await sandbox.getSession(id);
      if (!session) return c.text('Unknown sandbox checkout session', 404);
      const event = button === 'pay' ? await sandbox.pay(id) : await sandbox.cancel(id);
      if (event) await handleEvent(billing, event.rawBody, event.signature);
      // Pay on a session that expired or was closed: back to its page, which says so.
      if (button === 'pay' && !event && session.row.status !== 'paid') {
        return c.redirect(`/billing/sandbox/checkout/${encodeURIComponent(id)}`, 303);
      }
      // A second click finds the session closed already: the result page verifies it either way.
      return c.redirect(button === 'pay' ? returnUrl(session.request, id) : session.request.cancelUrl, 303);
    });
  }

  return app;
}
