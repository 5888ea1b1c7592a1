import { describe, expect, it } from 'vitest';
import {
  CURRENCY_BY_LANGUAGE,
  creditsForPeriod,
  lifetimePrice,
  percentOff,
  planAction,
  subscriptionPrice,
  toMinorUnits,
} from './plans.ts';

describe('plans and prices', () => {
  it('labels plan buttons by rank, Free always Get Started', () => {
    expect(planAction('free', 'free')).toBe('getStarted');
    expect(planAction('pro', 'free')).toBe('getStarted');
    expect(planAction('free', 'pro')).toBe('upgrade');
    expect(planAction('pro', 'pro')).toBe('current');
    expect(planAction('studio', 'pro')).toBe('downgrade');
    expect(planAction('pro', 'lifetime')).toBe('upgrade');
    expect(planAction('lifetime', 'studio')).toBe('downgrade');
  });

  it('holds the spec price table per language', () => {
    const monthly = (language: keyof typeof CURRENCY_BY_LANGUAGE) => {
      const currency = CURRENCY_BY_LANGUAGE[language];
      return [
        subscriptionPrice(currency, 'pro', 'monthly').amount,
        subscriptionPrice(currency, 'studio', 'monthly').amount,
      ];
    };
    expect(monthly('en')).toEqual([2.99, 7.99]);
    expect(monthly('zh-CN')).toEqual([18, 58]);
    expect(monthly('zh-TW')).toEqual([19, 59]);
    expect(subscriptionPrice('usd', 'pro', 'yearly')).toEqual({ amount: 29, original: 35.88 });
    expect(subscriptionPrice('hkd', 'studio', 'yearly').amount).toBe(588);
  });

  it('prices yuan lifetime by the remaining slots', () => {
    expect(lifetimePrice('cny', 500)).toEqual({ amount: 298, original: 298 });
    expect(lifetimePrice('cny', 499)).toEqual({ amount: 198, original: 298 });
    expect(lifetimePrice('usd', 1000)).toEqual({ amount: 39, original: 149 });
    expect(lifetimePrice('hkd', 1)).toEqual({ amount: 298, original: 999 });
    expect(percentOff(lifetimePrice('usd', 1000))).toBe(73);
    expect(percentOff(lifetimePrice('cny', 1000))).toBe(0);
  });

  it('counts money in cents and credits per period', () => {
    expect(toMinorUnits(2.99)).toBe(299);
    expect(toMinorUnits(7.99)).toBe(799);
    expect(creditsForPeriod('pro', 'monthly')).toBe(400);
    expect(creditsForPeriod('studio', 'yearly')).toBe(18_000);
  });
});
