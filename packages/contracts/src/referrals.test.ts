import { describe, expect, it } from 'vitest';
import { newUserDiscountCurrency, referralProgress } from './referrals.ts';

describe('referral progress', () => {
  it('targets Pro with none, lifetime with one or two, and the count itself from three', () => {
    expect(referralProgress(0)).toEqual({ count: 0, target: 1, nextReward: 'pro_month' });
    expect(referralProgress(1)).toEqual({ count: 1, target: 3, nextReward: 'lifetime' });
    expect(referralProgress(2)).toEqual({ count: 2, target: 3, nextReward: 'lifetime' });
    expect(referralProgress(5)).toEqual({ count: 5, target: 5, nextReward: 'lifetime' });
  });

  it('prices the new-user discount in yuan for Chinese and in dollars otherwise', () => {
    expect(['zh-CN', 'zh-TW', 'en', 'ja'].map(newUserDiscountCurrency)).toEqual(['cny', 'cny', 'usd', 'usd']);
  });
});
