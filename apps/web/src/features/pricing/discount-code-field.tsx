import { CURRENCY_BY_LANGUAGE, type Language, NEW_USER_DISCOUNT_MINOR } from '@atelier/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { formatMinorAmount } from '../../lib/billing-api.ts';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import type { DiscountState } from './use-discount-code.ts';

/**
 * A friend's new-user discount code on /pricing (ADR 0009): applied codes are checked by the
 * server and, once accepted, lower the first payment shown on every card and at checkout.
 */
export function DiscountCodeField({ discount, language }: { discount: DiscountState; language: Language }) {
  const { t } = useTranslation('pricing');
  const [value, setValue] = useState(discount.code ?? '');
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) discount.apply(value);
  };
  const { accepted } = discount;
  return (
    <section
      aria-labelledby="discount-title"
      className="mx-auto mt-8 max-w-xl rounded-2xl border border-zinc-200 p-4 text-left dark:border-zinc-800"
    >
      <h2 id="discount-title" className="text-sm font-semibold">
        {t('discount.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {t('discount.hint', {
          amount: formatMinorAmount(NEW_USER_DISCOUNT_MINOR, CURRENCY_BY_LANGUAGE[language], language),
        })}
      </p>
      {accepted ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="status" className="flex-1 text-sm font-medium text-emerald-700 dark:text-emerald-400">
            {t('discount.applied', {
              code: accepted.code,
              amount: formatMinorAmount(accepted.amountOff, accepted.currency, language),
            })}
          </p>
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            onClick={() => {
              discount.clear();
              setValue('');
            }}
          >
            {t('discount.remove')}
          </button>
        </div>
      ) : (
        <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={submit}>
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
            {t('discount.label')}
            <input
              ref={field}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value.toUpperCase())}
              maxLength={32}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={discount.errorKey ? true : undefined}
              aria-describedby={discount.errorKey ? 'discount-error' : undefined}
              className="rounded-lg border border-zinc-200 bg-white px-3 py-2 font-mono text-sm uppercase dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
          <button
            type="submit"
            className={buttonClass('secondary', 'sm')}
            disabled={discount.checking || !value.trim()}
            aria-busy={discount.checking}
          >
            {t('discount.apply')}
          </button>
        </form>
      )}
      {discount.errorKey && !accepted && (
        <p id="discount-error" role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {t(discount.errorKey)}
        </p>
      )}
    </section>
  );
}
