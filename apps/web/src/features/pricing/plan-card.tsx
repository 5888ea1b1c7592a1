import {
  type DiscountCheckResponse,
  type PlanAction,
  type PlansResponse,
  SUBSCRIPTION_CYCLES,
  type SubscriptionCycle,
} from '@atelier/contracts';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../lib/billing-api.ts';
import { discountedPrice } from './discounted-price.ts';
import { PlanButton } from './plan-button.tsx';
import { PlanFeatures } from './plan-features.tsx';
import { Price } from './price.tsx';

type Plan = PlansResponse['plans'][number];

/** A Free, Pro or Studio card for the monthly or yearly cycle. */
export function PlanCard(props: {
  plan: Plan;
  cycle: SubscriptionCycle;
  currency: string;
  language: string;
  action: PlanAction;
  busy: boolean;
  onChoose: () => void;
  /** An accepted discount code: the first payment is shown with it. */
  discount?: DiscountCheckResponse | null;
}) {
  const { t } = useTranslation('pricing');
  const { plan, cycle, currency, language } = props;
  const price = SUBSCRIPTION_CYCLES.includes(cycle) ? plan.prices[cycle] : null;
  // Only for a plan that would be bought (not the current one, not Free).
  const firstPayment =
    price && (props.action === 'upgrade' || props.action === 'downgrade')
      ? discountedPrice(price.amount, currency, props.discount ?? null)
      : null;
  const popular = plan.id === 'pro';
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={clsx(
        'relative flex flex-col rounded-3xl border bg-white p-8 dark:bg-zinc-900',
        popular ? 'border-brand-500 shadow-lg shadow-brand-600/10' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      {popular && (
        <span className="absolute -top-3 left-8 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          {t('popular')}
        </span>
      )}
      <h2 id={`plan-${plan.id}`} className="text-xl font-semibold">
        {t(`plans.${plan.id}.name`)}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`plans.${plan.id}.description`)}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-2" data-testid={`price-${plan.id}`}>
        <Price
          className="text-4xl font-semibold tracking-tight"
          amount={firstPayment ?? price?.amount ?? 0}
          currency={currency}
          language={language}
        />
        {price && <span className="text-sm text-zinc-500">{t(`per.${cycle}`)}</span>}
      </p>
      {price && firstPayment !== null ? (
        <p className="mt-1 text-sm text-zinc-500" data-testid={`discount-${plan.id}`}>
          <Price as="s" amount={price.amount} currency={currency} language={language} />{' '}
          <span className="font-medium text-emerald-700 dark:text-emerald-400">
            {t('discount.firstPayment', { price: formatPrice(price.amount, currency, language) })}
          </span>
        </p>
      ) : price?.original ? (
        <p className="mt-1 text-sm text-zinc-500">
          <Price as="s" amount={price.original} currency={currency} language={language} />{' '}
          <span className="font-medium text-emerald-700 dark:text-emerald-400">
            {t('percentOff', { percent: price.percentOff })}
          </span>
        </p>
      ) : null}
      <p className="mt-4 text-sm font-medium">
        {t(plan.id === 'free' ? 'creditsOnce' : 'creditsMonthly', { count: plan.monthlyCredits })}
      </p>
      <PlanFeatures plan={plan.id} />
      <div className="mt-auto">
        <PlanButton plan={plan.id} action={props.action} busy={props.busy} onChoose={props.onChoose} />
      </div>
    </article>
  );
}
