import { type BillingDeps, CANCEL_BATCH } from './billing-deps.ts';
import { listRefundingOrders, updateOrderRefunded } from './repo.ts';

/**
 * Gives back, through the provider, the payments refused when they arrived (ADR 0053): recorded
 * `refunding` in the payment's transaction, refunded here after it commits, then `refunded`.
 * Called after every payment this process applies and for the caller on `orders/sync`; a
 * failure leaves the order for the next attempt (the provider's refund is idempotent).
 */
export async function processRefunds(deps: BillingDeps, options: { userId?: string } = {}): Promise<number> {
  const pending = await listRefundingOrders(deps.db, deps.paymentProvider.name, { ...options, limit: CANCEL_BATCH });
  let done = 0;
  for (const order of pending) {
    if (!order.providerSessionId) continue;
    try {
      await deps.paymentProvider.refundCheckout(order.providerSessionId);
      await updateOrderRefunded(deps.db, order.id);
      done++;
    } catch (err) {
      deps.logger.error(
        { orderId: order.id, err: { name: (err as Error).name, message: (err as Error).message } },
        'billing: could not refund a refused payment; will retry',
      );
    }
  }
  return done;
}
