// @vitest-environment jsdom
import { REFERRAL_CODE_STORAGE_KEY } from '@atelier/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberReferralCode } from './referral-code.ts';

describe('rememberReferralCode', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps a ?ref= code, upper-cased, for the sign-up request', () => {
    rememberReferralCode(new URLSearchParams('ref=ab12cd34'));
    expect(sessionStorage.getItem(REFERRAL_CODE_STORAGE_KEY)).toBe('AB12CD34');
  });

  it('ignores a code that is not letters and digits', () => {
    rememberReferralCode(new URLSearchParams('ref=a;b=c'));
    expect(sessionStorage.getItem(REFERRAL_CODE_STORAGE_KEY)).toBeNull();
  });
});
