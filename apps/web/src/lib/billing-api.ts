import {
  type CheckoutRequest,
  type Language,
  MINOR_UNITS_PER_MAJOR,
  type PlanChangeRequestBody,
  type UpgradeRequest,
} from '@atelier/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, call } from './api-client.ts';
import { cachedIntlFormat } from './intl-cache.ts';

/** /api/billing/* for the pricing, payment-success and profile pages. */
export const billingApi = {
  plans: (language: Language) => call(api.GET('/billing/plans', { params: { query: { language } } })),
  subscription: () => call(api.GET('/billing/subscription')),
  checkout: (body: CheckoutRequest) => call(api.POST('/billing/checkout', { body })),
  upgrade: (body: PlanChangeRequestBody) => call(api.POST('/billing/upgrade', { body })),
  changePreview: (body: UpgradeRequest) => call(api.POST('/billing/change-preview', { body })),
  lifetime: (language: Language, discountCode?: string) =>
    call(api.POST('/billing/lifetime', { body: { language, discountCode } })),
  checkDiscount: (code: string, language: Language) =>
    call(api.POST('/billing/discount-codes/check', { body: { code, language } })),
  verify: (sessionId: string) => call(api.POST('/billing/verify', { body: { sessionId } })),
  orders: () => call(api.GET('/billing/orders')),
  syncOrders: () => call(api.POST('/billing/orders/sync')),
  portal: () => call(api.POST('/billing/portal')),
  cancel: () => call(api.POST('/billing/subscription/cancel')),
};

/** React Query keys, so a payment can refresh every view of the subscription at once. */
export const billingKeys = {
  all: ['billing'] as const,
  plans: (language: Language) => ['billing', 'plans', language] as const,
  subscription: ['billing', 'subscription'] as const,
  orders: ['billing', 'orders'] as const,
  discount: (code: string, language: Language) => ['billing', 'discount', code, language] as const,
};

/** The plans in a language's currency: the same for every visitor, so kept a while. */
export const plansQuery = (language: Language) =>
  queryOptions({
    queryKey: billingKeys.plans(language),
    queryFn: () => billingApi.plans(language),
    staleTime: 5 * 60_000,
  });

/** The caller's subscription (signed in only). */
export const subscriptionQuery = queryOptions({ queryKey: billingKeys.subscription, queryFn: billingApi.subscription });

/** A price in a currency for the interface language: 2.99 → "$2.99", 18 → "¥18". */
export function formatPrice(amount: number, currency: string, language: string): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  // One formatter per language, currency and kind of amount.
  const format = cachedIntlFormat(
    `price ${language} ${currency} ${fractionDigits}`,
    () =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: currency.toUpperCase(),
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: 2,
      }),
  );
  return format.format(amount);
}

/**
 * An amount in minor units as the server keeps it (500, "usd") in the language's format with
 * the currency's own decimals, as charged: "$5.00", "US$9.90".
 */
export function formatMinorAmount(amountMinor: number, currency: string, language: string): string {
  const format = cachedIntlFormat(
    `amount ${language} ${currency}`,
    () => new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }),
  );
  return format.format(amountMinor / MINOR_UNITS_PER_MAJOR);
}

/** A count of credits in the language's digits grouping: 1100 → "1,100". */
export function formatCredits(credits: number, language: string): string {
  return cachedIntlFormat(`count ${language}`, () => new Intl.NumberFormat(language)).format(credits);
}
