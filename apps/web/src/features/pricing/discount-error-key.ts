/** The pricing page's text key for a refused discount code, by the API's error code (ADR 0009). */
const DISCOUNT_ERROR_KEYS: Partial<Record<string, string>> = {
  DISCOUNT_CODE_NOT_FOUND: 'discount.errors.notFound',
  DISCOUNT_CODE_UNAVAILABLE: 'discount.errors.unavailable',
  DISCOUNT_CODE_OWN: 'discount.errors.own',
  DISCOUNT_CODE_NOT_REFERRED: 'discount.errors.notReferred',
  DISCOUNT_CODE_NOT_FIRST_PURCHASE: 'discount.errors.notFirstPurchase',
  DISCOUNT_CODE_CURRENCY: 'discount.errors.currency',
  DISCOUNT_CODE_CHECKOUT_OPEN: 'discount.errors.checkoutOpen',
  RATE_LIMITED: 'discount.errors.rateLimited',
  EMAIL_NOT_CONFIRMED: 'discount.errors.confirmFirst',
};

/** The key for a discount code error code, or undefined when the error is not about the code. */
export function discountErrorKey(code: string | undefined): string | undefined {
  return code ? DISCOUNT_ERROR_KEYS[code] : undefined;
}
