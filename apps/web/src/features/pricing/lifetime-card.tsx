import type { DiscountCheckResponse, PlanAction, PlansResponse } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { discountedPrice } from './discounted-price.ts';
import { lifetimeBadge, slotsRemaining } from './lifetime-badge.ts';
import { PlanButton } from './plan-button.tsx';
import { PlanFeatures } from './plan-features.tsx';
import { Price } from './price.tsx';

/** The lifetime offer: struck price, percent off and the places left, counted by the server. */
export function LifetimeCard(props: {
  plans: PlansResponse;
  language: string;
  action: PlanAction;
  busy: boolean;
  onChoose: () => void;
  /** An accepted discount code: the payment is shown with it. */
  discount?: DiscountCheckResponse | null;
}) {
  const { t } = useTranslation('pricing');
  const { plans, language } = props;
  const price = plans.plans.find((p) => p.id === 'lifetime')?.prices.lifetime;
  const { total, remaining } = plans.lifetimeSlots;
  const badge = lifetimeBadge(plans.lifetimeSlots, language);
  if (!price) return null;
  const withCode =
    props.action === 'upgrade' || props.action === 'downgrade'
      ? discountedPrice(price.amount, plans.currency, props.discount ?? null)
      : null;
  return (
    <article
      aria-labelledby="plan-lifetime"
      className="mx-auto flex w-full max-w-lg flex-col rounded-3xl border border-amber-400 bg-white p-8 shadow-lg shadow-amber-500/10 dark:bg-zinc-900"
    >
      <span className="self-start rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
        {t(badge.key, badge.values)}
      </span>
      <h2 id="plan-lifetime" className="mt-4 text-xl font-semibold">
        {t('plans.lifetime.name')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('plans.lifetime.description')}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-3" data-testid="price-lifetime">
        <Price
          className="text-4xl font-semibold tracking-tight"
          amount={withCode ?? price.amount}
          currency={plans.currency}
          language={language}
        />
        {withCode !== null && (
          <Price
            as="s"
            className="text-lg text-zinc-500"
            testId="discount-lifetime"
            amount={price.amount}
            currency={plans.currency}
            language={language}
          />
        )}
        {withCode === null && price.original !== null && price.original > price.amount && (
          <Price
            as="s"
            className="text-lg text-zinc-500"
            amount={price.original}
            currency={plans.currency}
            language={language}
          />
        )}
        {withCode === null && price.percentOff > 0 && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-sm font-semibold text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300">
            {t('percentOff', { percent: price.percentOff })}
          </span>
        )}
      </p>
      <p className="mt-1 text-sm text-zinc-500">{t('oneTime')}</p>
      {withCode !== null && (
        <p className="mt-1 text-sm font-medium text-emerald-700 dark:text-emerald-400">{t('discount.withCode')}</p>
      )}
      <div className="mt-6">
        <p className="flex justify-between text-sm">
          <span>{t('slots.label')}</span>
          <span className="font-medium">{t('slots.remaining', slotsRemaining(plans.lifetimeSlots, language))}</span>
        </p>
        <div
          role="progressbar"
          aria-label={t('slots.label')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={remaining}
          className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
        >
          <div className="h-full rounded-full bg-amber-500" style={{ width: `${(remaining / total) * 100}%` }} />
        </div>
      </div>
      <PlanFeatures plan="lifetime" />
      <PlanButton plan="lifetime" action={props.action} busy={props.busy} onChoose={props.onChoose} />
    </article>
  );
}
