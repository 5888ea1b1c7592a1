import type {
  CheckoutRequest,
  DiscountCheckResponse,
  Language,
  OrdersResponse,
  PlansResponse,
  RedirectResponse,
  SubscriptionStatus,
  UpgradeRequest,
  VerifyResponse,
} from '@atelier/contracts';
import { apiFetch, postJson } from './api-client.ts';

/** /api/billing/* for the pricing, payment-success and profile pages. */
export const billingApi = {
  plans: (language: Language) => apiFetch<PlansResponse>(`/api/billing/plans?language=${encodeURIComponent(language)}`),
  subscription: () => apiFetch<SubscriptionStatus>('/api/billing/subscription'),
  checkout: (body: CheckoutRequest) => apiFetch<RedirectResponse>('/api/billing/checkout', postJson(body)),
  upgrade: (body: UpgradeRequest) => apiFetch<{ success: true }>('/api/billing/upgrade', postJson(body)),
  lifetime: (language: Language, discountCode?: string) =>
    apiFetch<RedirectResponse>('/api/billing/lifetime', postJson({ language, discountCode })),
  checkDiscount: (code: string, language: Language) =>
    apiFetch<DiscountCheckResponse>('/api/billing/discount-codes/check', postJson({ code, language })),
  verify: (sessionId: string) => apiFetch<VerifyResponse>('/api/billing/verify', postJson({ sessionId })),
  orders: () => apiFetch<OrdersResponse>('/api/billing/orders'),
  syncOrders: () => apiFetch<{ updated: number }>('/api/billing/orders/sync', postJson()),
  portal: () => apiFetch<RedirectResponse>('/api/billing/portal', postJson()),
};

/** React Query keys, so a payment can refresh every view of the subscription at once. */
export const billingKeys = {
  all: ['billing'] as const,
  plans: (language: Language) => ['billing', 'plans', language] as const,
  subscription: ['billing', 'subscription'] as const,
  orders: ['billing', 'orders'] as const,
  discount: (code: string, language: Language) => ['billing', 'discount', code, language] as const,
};

/** A price in a currency for the interface language: 2.99 → "$2.99", 18 → "¥18". */
export function formatPrice(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
