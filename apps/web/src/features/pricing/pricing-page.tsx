import {
  type BillingCycle,
  DEFAULT_BILLING_CYCLE,
  isLanguage,
  type PlanId,
  planAction,
  SUBSCRIPTION_PLAN_IDS,
} from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { plansQuery } from '../../lib/billing-api.ts';
import { loginHref } from '../../lib/redirect-target.ts';
import { useSession } from '../auth/index.ts';
import { BillingCycleToggle } from './billing-cycle-toggle.tsx';
import { DiscountCodeField } from './discount-code-field.tsx';
import { LifetimeCard } from './lifetime-card.tsx';
import { PlanCard } from './plan-card.tsx';
import { PlanChangeDialog } from './plan-change-dialog.tsx';
import { useDiscountCode } from './use-discount-code.ts';
import { usePlanChoice } from './use-plan-choice.ts';

const CARD_PLANS = ['free', ...SUBSCRIPTION_PLAN_IDS] as const;

/** /pricing: plans per billing cycle in the currency of the interface language. */
export default function PricingPage() {
  const { t, i18n } = useTranslation('pricing');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [cycle, setCycle] = useState<BillingCycle>(DEFAULT_BILLING_CYCLE);
  const plans = useQuery(plansQuery(language));
  const choice = usePlanChoice(language);
  // A discount code is for a first purchase: offered to signed-in users without a plan bought.
  const discount = useDiscountCode(language, choice.canUseDiscount);
  const code = discount.accepted?.code ?? null;
  // Visitors see Get Started everywhere: every button sends them to sign in first.
  const actionFor = (plan: PlanId) => (choice.currentPlan ? planAction(choice.currentPlan, plan) : 'getStarted');

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-5xl">{t('title')}</h1>
        <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">{t('subtitle')}</p>
        <div className="mt-8">
          <BillingCycleToggle value={cycle} onChange={setCycle} slots={plans.data?.lifetimeSlots} />
        </div>
        {choice.canUseDiscount && <DiscountCodeField discount={discount} language={language} />}
      </header>

      <section aria-label={t('plansLabel')} className="mt-12">
        {plans.isError ? (
          <p role="alert" className="text-center text-zinc-600 dark:text-zinc-400">
            {t('loadFailed')}
          </p>
        ) : !plans.data || !choice.ready ? (
          <PageSpinner />
        ) : cycle === 'lifetime' ? (
          <LifetimeCard
            plans={plans.data}
            language={language}
            action={actionFor('lifetime')}
            busy={choice.pending === 'lifetime'}
            onChoose={() => choice.choose('lifetime', 'lifetime', code)}
            discount={discount.accepted}
          />
        ) : (
          <div className="grid gap-8 md:grid-cols-3">
            {CARD_PLANS.map((id) => {
              const plan = plans.data.plans.find((p) => p.id === id);
              return plan ? (
                <PlanCard
                  key={id}
                  plan={plan}
                  cycle={cycle}
                  currency={plans.data.currency}
                  language={language}
                  action={actionFor(id)}
                  busy={choice.pending === id}
                  onChoose={() => choice.choose(id, cycle, code)}
                  discount={discount.accepted}
                />
              ) : null;
            })}
          </div>
        )}
        {plans.data?.provider === 'sandbox' && (
          <p className="mt-6 text-center text-sm text-amber-700 dark:text-amber-400">{t('sandboxNotice')}</p>
        )}
      </section>

      <PricingCallsToAction />
      {choice.change && (
        <PlanChangeDialog
          change={choice.change}
          busy={choice.confirming}
          onConfirm={choice.confirmChange}
          onCancel={choice.cancelChange}
        />
      )}
    </div>
  );
}

/**
 * The referral programme and the free trial. The trial's "create a
 * free account" is for visitors only: a signed-in user has one already.
 */
function PricingCallsToAction() {
  const { t } = useTranslation('pricing');
  const session = useSession().status;
  const signedIn = session === 'signed-in';
  return (
    <section className={clsx('mt-16 grid gap-6', session === 'signed-out' && 'md:grid-cols-2')}>
      <div className="rounded-3xl border border-zinc-200 p-8 dark:border-zinc-800">
        <h2 className="text-xl font-semibold">{t('referral.title')}</h2>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t('referral.body')}</p>
        <Link to={signedIn ? '/profile' : '/login'} className={buttonClass('secondary', 'md', 'mt-6')}>
          {t('referral.action')}
        </Link>
      </div>
      {session === 'signed-out' && (
        <div className="rounded-3xl border border-zinc-200 p-8 dark:border-zinc-800">
          <h2 className="text-xl font-semibold">{t('trial.title')}</h2>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t('trial.body')}</p>
          <Link to={loginHref({ signUp: true })} className={buttonClass('primary', 'md', 'mt-6')}>
            {t('trial.action')}
          </Link>
        </div>
      )}
    </section>
  );
}
