import type { SubscriptionCycle } from '@atelier/contracts';

/** The end of a billing period that starts at `from` (calendar month or year, like Stripe). */
export function addBillingPeriod(from: Date, cycle: SubscriptionCycle): Date {
  const end = new Date(from);
  if (cycle === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/**
 * What a plan change costs now (the sandbox's stand-in for the provider's proration): the new
 * price minus the unused part of the old one. When the cycle stays, only the remaining part of
 * the current period is charged; when it changes, a new full period starts today.
 */
export function prorate(
  change: {
    amount: number;
    previousAmount: number;
    cycle: SubscriptionCycle;
    previousCycle: SubscriptionCycle;
    currentPeriodEnd: Date | null;
  },
  now: Date,
): number {
  const end = change.currentPeriodEnd;
  if (!end || end <= now) return change.amount;
  const start = new Date(end);
  if (change.previousCycle === 'monthly') start.setUTCMonth(start.getUTCMonth() - 1);
  else start.setUTCFullYear(start.getUTCFullYear() - 1);
  const unusedShare = Math.min(1, (end.getTime() - now.getTime()) / (end.getTime() - start.getTime()));
  const unusedOld = change.previousAmount * unusedShare;
  const newPart = change.cycle === change.previousCycle ? change.amount * unusedShare : change.amount;
  return Math.max(0, Math.round(newPart - unusedOld));
}
