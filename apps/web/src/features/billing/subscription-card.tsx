import { isLanguage } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { billingApi, billingKeys, plansQuery } from '../../lib/billing-api.ts';
import { formatDate } from '../../lib/format-date.ts';
import { BillingPortalButton } from './billing-portal-button.tsx';
import { CancelSubscriptionButton } from './cancel-subscription-button.tsx';

/** The profile's subscription status card, with Upgrade Plan (to /pricing). */
export function SubscriptionCard() {
  const { t, i18n } = useTranslation('billing');
  const status = useQuery({ queryKey: billingKeys.subscription, queryFn: billingApi.subscription });
  const data = status.data;
  const provider = useQuery({
    ...plansQuery(isLanguage(i18n.language) ? i18n.language : 'en'),
    select: (plans) => plans.provider,
  }).data;
  const end = data?.subscription_end ? formatDate(data.subscription_end, i18n.language, 'long') : null;

  return (
    <section
      aria-labelledby="subscription-title"
      className="rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="subscription-title" className="text-lg font-semibold">
        {t('subscription.title')}
      </h2>
      {status.isPending ? (
        <Spinner className="mt-4" />
      ) : status.isError || !data ? (
        <p role="alert" className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          {t('subscription.loadFailed')}
        </p>
      ) : (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-zinc-500">{t('subscription.plan')}</dt>
            <dd className="text-base font-semibold" data-testid="subscription-tier">
              {t(`tiers.${data.subscription_tier}`)}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-500">{t('subscription.status')}</dt>
            <dd className="text-base font-medium">
              {data.subscribed ? t('subscription.active') : t('subscription.notSubscribed')}
            </dd>
          </div>
          {end && (
            <div className="sm:col-span-2">
              <dt className="text-zinc-500">
                {data.cancel_at_period_end ? t('subscription.endsOn') : t('subscription.renewsOn')}
              </dt>
              <dd className="font-medium">{end}</dd>
            </div>
          )}
        </dl>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/pricing" className={buttonClass('primary', 'sm')}>
          {t('subscription.upgrade')}
        </Link>
        {data?.subscribed && end && !data.cancel_at_period_end && <CancelSubscriptionButton endsOn={end} />}
        {/* Cards and invoices live in Stripe's portal; the sandbox has none to show. */}
        {data?.subscribed && data.subscription_tier !== 'Lifetime' && provider === 'stripe' && <BillingPortalButton />}
      </div>
    </section>
  );
}
