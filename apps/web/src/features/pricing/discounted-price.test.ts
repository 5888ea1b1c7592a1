import { describe, expect, it } from 'vitest';
import { discountErrorKey } from './discount-error-key.ts';
import { discountedPrice } from './discounted-price.ts';

const usd = { code: 'ABCD1234', amountOff: 990, currency: 'usd' as const };

describe('the discounted first payment shown on /pricing', () => {
  it('takes 9.90 off, never below 0.50, in the code’s currency only', () => {
    expect(discountedPrice(29, 'usd', usd)).toBe(19.1);
    expect(discountedPrice(39, 'usd', usd)).toBe(29.1);
    expect(discountedPrice(2.99, 'usd', usd)).toBe(0.5);
    expect(discountedPrice(29, 'hkd', usd)).toBeNull();
    expect(discountedPrice(0, 'usd', usd)).toBeNull(); // Free
    expect(discountedPrice(29, 'usd', null)).toBeNull();
  });

  it('names each refusal of a code', () => {
    expect(discountErrorKey('DISCOUNT_CODE_NOT_REFERRED')).toBe('discount.errors.notReferred');
    expect(discountErrorKey('DISCOUNT_CODE_CURRENCY')).toBe('discount.errors.currency');
    expect(discountErrorKey('PAYMENT_ERROR')).toBeUndefined();
    expect(discountErrorKey(undefined)).toBeUndefined();
  });
});
