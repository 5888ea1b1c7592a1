import type { Language } from './languages.ts';

/**
 * Plans, prices and lifetime slots. The server charges these amounts and
 * the pricing page shows them, so each number lives here once. ADR 0006 records the choices
 * the spec leaves open (currency of Japanese, yearly allotment, carry-over, lifetime credits).
 */
export const PLAN_IDS = ['free', 'pro', 'studio', 'lifetime'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Plans bought as a recurring subscription. */
export const SUBSCRIPTION_PLAN_IDS = ['pro', 'studio'] as const;
export type SubscriptionPlanId = (typeof SUBSCRIPTION_PLAN_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'yearly', 'lifetime'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const SUBSCRIPTION_CYCLES = ['monthly', 'yearly'] as const;
export type SubscriptionCycle = (typeof SUBSCRIPTION_CYCLES)[number];
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'monthly';

export interface PlanDefinition {
  id: PlanId;
  /** Free 0, Pro 1, Studio 2, Lifetime 3: decides the button label and what is an upgrade. */
  rank: number;
  /** Credits per month of the plan (Free: once, at sign-up). */
  monthlyCredits: number;
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: { id: 'free', rank: 0, monthlyCredits: 30 },
  pro: { id: 'pro', rank: 1, monthlyCredits: 400 },
  studio: { id: 'studio', rank: 2, monthlyCredits: 1500 },
  // Lifetime has every feature; its one-time allotment is Studio's (ADR 0006).
  lifetime: { id: 'lifetime', rank: 3, monthlyCredits: 1500 },
};

export const MONTHS_PER_CYCLE: Record<BillingCycle, number> = { monthly: 1, yearly: 12, lifetime: 1 };

/** Credits granted for one paid period: the monthly allotment times the months it covers. */
export function creditsForPeriod(plan: PlanId, cycle: BillingCycle): number {
  return PLANS[plan].monthlyCredits * MONTHS_PER_CYCLE[cycle];
}

/**
 * The credits a plan change adds at once: the new period's allotment minus the old one's,
 * never less than nothing (a move down adds none; unused credits stay).
 */
export function creditsForPlanChange(
  plan: PlanId,
  cycle: BillingCycle,
  previousPlan: PlanId,
  previousCycle: BillingCycle,
): number {
  return Math.max(0, creditsForPeriod(plan, cycle) - creditsForPeriod(previousPlan, previousCycle));
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/**
 * What a plan card's button says for a user on `current` (ranks: free, pro, studio, lifetime): the same
 * rank is Current Plan, higher Upgrade Now, lower Downgrade, and Free always Get Started.
 */
export type PlanAction = 'current' | 'upgrade' | 'downgrade' | 'getStarted';

export function planAction(current: PlanId, target: PlanId): PlanAction {
  if (target === 'free') return 'getStarted';
  const diff = PLANS[target].rank - PLANS[current].rank;
  if (diff === 0) return 'current';
  return diff > 0 ? 'upgrade' : 'downgrade';
}

// --- prices ---------------------------------------------------------------------------------

export const CURRENCIES = ['usd', 'cny', 'hkd'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * English pays in US dollars, Simplified Chinese in yuan, Traditional Chinese in Hong Kong
 * dollars. There is no yen table; Japanese pays in US dollars, the currency priced for
 * everyone outside the two Chinese tables, rather than in invented yen (ADR 0006).
 */
export const CURRENCY_BY_LANGUAGE: Record<Language, Currency> = {
  en: 'usd',
  'zh-CN': 'cny',
  'zh-TW': 'hkd',
  ja: 'usd',
};

/** All three currencies have two decimals: amounts are stored and charged in cents. */
export const MINOR_UNITS_PER_MAJOR = 100;

export function toMinorUnits(price: number): number {
  return Math.round(price * MINOR_UNITS_PER_MAJOR);
}

export interface Price {
  /** In major units (dollars, yuan). */
  amount: number;
  /** The struck-through price shown beside it, when there is one. */
  original: number | null;
}

interface CurrencyPrices {
  subscription: Record<SubscriptionPlanId, Record<SubscriptionCycle, number>>;
  lifetime: { amount: number; original: number };
}

/** Prices per currency: Pro and Studio monthly and yearly; lifetime with its struck original. */
const PRICE_TABLE: Record<Currency, CurrencyPrices> = {
  usd: {
    subscription: { pro: { monthly: 2.99, yearly: 29 }, studio: { monthly: 7.99, yearly: 79 } },
    lifetime: { amount: 39, original: 149 },
  },
  cny: {
    subscription: { pro: { monthly: 18, yearly: 178 }, studio: { monthly: 58, yearly: 580 } },
    lifetime: { amount: 198, original: 298 },
  },
  hkd: {
    subscription: { pro: { monthly: 19, yearly: 198 }, studio: { monthly: 59, yearly: 588 } },
    lifetime: { amount: 298, original: 999 },
  },
};

export const LIFETIME_SLOTS_TOTAL = 1000;
/** Simplified Chinese lifetime costs its original price while at least this many slots remain. */
export const CNY_LIFETIME_FULL_PRICE_FROM_REMAINING = 500;

/**
 * A subscription price. The spec gives no struck price for monthly and yearly; a yearly plan
 * shows twelve monthly payments struck through, which is what it really saves.
 */
export function subscriptionPrice(currency: Currency, plan: SubscriptionPlanId, cycle: SubscriptionCycle): Price {
  const prices = PRICE_TABLE[currency].subscription[plan];
  if (cycle === 'monthly') return { amount: prices.monthly, original: null };
  return { amount: prices.yearly, original: Math.round(prices.monthly * 12 * 100) / 100 };
}

/** The lifetime price, which in yuan depends on how many slots remain (298 from 500 left, else 198). */
export function lifetimePrice(currency: Currency, remainingSlots: number): Price {
  const { amount, original } = PRICE_TABLE[currency].lifetime;
  if (currency === 'cny' && remainingSlots >= CNY_LIFETIME_FULL_PRICE_FROM_REMAINING) {
    return { amount: original, original };
  }
  return { amount, original };
}

/** Percent saved against the struck price, rounded down (never overstated). */
export function percentOff(price: Price): number {
  if (!price.original || price.original <= price.amount) return 0;
  return Math.floor(((price.original - price.amount) / price.original) * 100);
}
