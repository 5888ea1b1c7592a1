import type { DiscountCheckResponse, Language } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { billingApi, billingKeys } from '../../lib/billing-api.ts';
import { discountErrorKey } from './discount-error-key.ts';

export interface DiscountState {
  /** The code the user applied (upper case), or null. */
  code: string | null;
  /** What it takes off, once the server accepted it for this language's currency. */
  accepted: DiscountCheckResponse | null;
  checking: boolean;
  /** The text key of a refusal, or null. */
  errorKey: string | null;
  apply(code: string): void;
  clear(): void;
}

/**
 * The pricing page's discount code: applied by the user (or from `?discount=CODE`), checked by
 * the server for the caller and the language's currency (re-checked when the language changes),
 * and passed to the checkout only while accepted.
 */
export function useDiscountCode(language: Language, enabled: boolean): DiscountState {
  const [search] = useSearchParams();
  const [code, setCode] = useState<string | null>(() => search.get('discount')?.trim().toUpperCase() || null);
  const check = useQuery({
    queryKey: billingKeys.discount(code ?? '', language),
    queryFn: () => billingApi.checkDiscount(code ?? '', language),
    enabled: enabled && code !== null,
    retry: false,
    staleTime: 60_000,
  });
  const errorKey = check.isError
    ? (discountErrorKey(check.error instanceof ApiError ? check.error.code : undefined) ?? 'discount.errors.failed')
    : null;
  return {
    code,
    accepted: enabled && code !== null && check.data ? check.data : null,
    checking: check.isFetching,
    errorKey: enabled ? errorKey : null,
    apply: (value) => {
      const next = value.trim().toUpperCase() || null;
      // The same code again (after a refusal, say) is asked again.
      if (next === code) void check.refetch();
      else setCode(next);
    },
    clear: () => setCode(null),
  };
}
