import type { SubscriptionCycle } from '@atelier/contracts';

const MONTHS: Record<SubscriptionCycle, number> = { monthly: 1, yearly: 12 };

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * `date` moved by whole calendar months (UTC), keeping the time of day. The day of the month
 * is `day` (default: the date's own), clamped to the length of the month reached: Jan 31 + 1
 * month is Feb 28 (29), never Mar 3.
 */
export function addCalendarMonths(date: Date, months: number, day = date.getUTCDate()): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const result = new Date(date);
  result.setUTCFullYear(
    target.getUTCFullYear(),
    target.getUTCMonth(),
    Math.min(day, daysInMonth(target.getUTCFullYear(), target.getUTCMonth())),
  );
  return result;
}

/** The end of a billing period that starts at `from` (calendar month or year, like Stripe). */
export function addBillingPeriod(from: Date, cycle: SubscriptionCycle, anchorDay?: number): Date {
  return addCalendarMonths(from, MONTHS[cycle], anchorDay);
}

/**
 * The end of the period that follows the one ending at `end`, keeping the subscription's
 * anchor day as Stripe keeps its billing cycle anchor: a subscription started on Jan 31 ends
 * its periods on Feb 28, Mar 31, Apr 30… The anchor (the start of the subscription's first
 * period) only matters when `end` fell on the last day of a month shorter than the anchor's
 * day; otherwise the day of `end` is kept (it is the anchor day, or the day of a later plan
 * change that restarted the period).
 */
export function nextPeriodEnd(end: Date, cycle: SubscriptionCycle, anchor: Date | null): Date {
  const day = end.getUTCDate();
  const lastDayOfMonth = day === daysInMonth(end.getUTCFullYear(), end.getUTCMonth());
  const anchorDay = anchor && lastDayOfMonth ? Math.max(day, anchor.getUTCDate()) : day;
  return addBillingPeriod(end, cycle, anchorDay);
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
  const start = addCalendarMonths(end, -MONTHS[change.previousCycle]);
  const unusedShare = Math.min(1, (end.getTime() - now.getTime()) / (end.getTime() - start.getTime()));
  const unusedOld = change.previousAmount * unusedShare;
  const newPart = change.cycle === change.previousCycle ? change.amount * unusedShare : change.amount;
  return Math.max(0, Math.round(newPart - unusedOld));
}
