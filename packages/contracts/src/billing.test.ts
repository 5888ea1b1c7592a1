import { describe, expect, it } from 'vitest';
import { applyDiscount, DISCOUNT_MIN_CHARGE_MINOR } from './billing.ts';

describe('the new-user discount (ADR 0009)', () => {
  it('takes the whole amount off when the price allows, and never charges less than 0.50', () => {
    expect(applyDiscount(2900, 990)).toEqual({ charged: 1910, discount: 990 });
    expect(applyDiscount(1800, 990)).toEqual({ charged: 810, discount: 990 });
    expect(applyDiscount(299, 990)).toEqual({ charged: DISCOUNT_MIN_CHARGE_MINOR, discount: 249 });
    expect(applyDiscount(1040, 990)).toEqual({ charged: 50, discount: 990 });
    expect(applyDiscount(1000, 990)).toEqual({ charged: 50, discount: 950 });
  });

  it('leaves a price at or under the minimum alone', () => {
    expect(applyDiscount(50, 990)).toEqual({ charged: 50, discount: 0 });
    expect(applyDiscount(30, 990)).toEqual({ charged: 30, discount: 0 });
  });
});
