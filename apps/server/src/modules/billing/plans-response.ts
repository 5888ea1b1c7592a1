import {
  CURRENCY_BY_LANGUAGE,
  ENTITLEMENTS,
  type Language,
  LIFETIME_SLOTS_TOTAL,
  lifetimePrice,
  PLAN_IDS,
  PLANS,
  type PlansResponse,
  type Price,
  percentOff,
  type SubscriptionCycle,
  subscriptionPrice,
} from '@atelier/contracts';

const withPercent = (price: Price) => ({ ...price, percentOff: percentOff(price) });

/** The pricing page's data for one language; `remaining` is counted by the caller. */
export function buildPlansResponse(
  language: Language,
  remaining: number,
  provider: PlansResponse['provider'],
): PlansResponse {
  const currency = CURRENCY_BY_LANGUAGE[language];
  const recurring = (plan: (typeof PLAN_IDS)[number], cycle: SubscriptionCycle) =>
    plan === 'pro' || plan === 'studio' ? withPercent(subscriptionPrice(currency, plan, cycle)) : null;
  return {
    language,
    currency,
    plans: PLAN_IDS.map((id) => ({
      id,
      rank: PLANS[id].rank,
      monthlyCredits: PLANS[id].monthlyCredits,
      entitlements: ENTITLEMENTS[id],
      prices: {
        monthly: recurring(id, 'monthly'),
        yearly: recurring(id, 'yearly'),
        lifetime: id === 'lifetime' ? withPercent(lifetimePrice(currency, remaining)) : null,
      },
    })),
    lifetimeSlots: { total: LIFETIME_SLOTS_TOTAL, remaining },
    provider,
  };
}
