import type {
  BillingCycle,
  Language,
  PlanChangePreview,
  PlanId,
  SubscriptionStatus,
  SubscriptionTier,
} from '@atelier/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { billingApi, billingKeys, subscriptionQuery } from '../../lib/billing-api.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../auth/index.ts';
import { PROFILE_QUERY_KEY } from '../profile/index.ts';
import { discountErrorKey } from './discount-error-key.ts';

type Attempt = 'checkout' | 'upgrade' | 'lifetime';

const PLAN_OF_TIER: Record<SubscriptionTier, PlanId> = {
  Free: 'free',
  Pro: 'pro',
  Studio: 'studio',
  Lifetime: 'lifetime',
};

/** The checkout error texts, chosen by the API's error code. */
function errorKey(attempt: Attempt, error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  const discount = discountErrorKey(code);
  if (discount) return discount;
  if (code === 'ALREADY_SUBSCRIBED')
    return attempt === 'lifetime' ? 'errors.alreadyLifetime' : 'errors.alreadySubscribed';
  if (code === 'NO_ACTIVE_SUBSCRIPTION') return 'errors.noActiveSubscription';
  if (code === 'PLAN_CHANGE_QUOTE_EXPIRED') return 'errors.quoteExpired';
  if (code === 'CHECKOUT_OPEN') return 'errors.checkoutOpen';
  if (code === 'VALIDATION_ERROR') return 'errors.pricingConfig';
  if (attempt === 'upgrade') return 'errors.updateFailed';
  if (attempt === 'lifetime') return 'errors.lifetimeFailed';
  return 'errors.processFailed';
}

/**
 * What pressing a plan button does: visitors sign in first; Free opens the
 * tools; the current plan says so; a subscribed user changes plan in place; anyone else goes
 * to the payment page, with the accepted discount code if there is one. Answers the caller's
 * plan (null for visitors), the plan being started, and whether a discount code could apply
 * (signed in, no running subscription, not Lifetime).
 */
export function usePlanChoice(language: Language) {
  const { t } = useTranslation('pricing');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = session.status === 'signed-in';
  const status = useQuery({ ...subscriptionQuery, enabled: signedIn });
  const [pending, setPending] = useState<PlanId | null>(null);
  const [change, setChange] = useState<PlanChangePreview | null>(null);
  const [confirming, setConfirming] = useState(false);

  const currentPlan: PlanId | null = signedIn ? PLAN_OF_TIER[status.data?.subscription_tier ?? 'Free'] : null;
  const fail = (attempt: Attempt, error: unknown) => {
    if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
      navigate('/login');
      return;
    }
    notify((toast) => toast.error(t('errors.title'), { description: t(errorKey(attempt, error)) }));
  };
  const goTo = (url: string | undefined) => {
    if (url) window.location.assign(url);
    else notify((toast) => toast.error(t('errors.title'), { description: t('errors.noCheckoutUrl') }));
  };

  async function choose(plan: PlanId, cycle: BillingCycle, discountCode: string | null = null) {
    if (!signedIn) return navigate('/login');
    if (plan === 'free') return navigate('/tools');
    if (plan === currentPlan || currentPlan === 'lifetime') {
      const key = currentPlan === 'lifetime' ? 'errors.alreadyLifetime' : 'errors.alreadySubscribed';
      return notify((toast) => toast.info(t(key)));
    }
    setPending(plan);
    const attempt: Attempt = plan === 'lifetime' ? 'lifetime' : isSubscribed(status.data) ? 'upgrade' : 'checkout';
    const code = discountCode ?? undefined;
    try {
      if (plan === 'lifetime') return goTo((await billingApi.lifetime(language, code)).url);
      const billingCycle = cycle === 'yearly' ? 'yearly' : 'monthly';
      if (attempt === 'checkout')
        return goTo((await billingApi.checkout({ planId: plan, billingCycle, language, discountCode: code })).url);
      // A plan change charges at once: the server's prorated amount is shown to confirm first.
      setChange(await billingApi.changePreview({ planId: plan, billingCycle, language }));
    } catch (error) {
      // The code may have been used up meanwhile: ask about it again so the field says so.
      if (error instanceof ApiError && discountErrorKey(error.code)) {
        void queryClient.invalidateQueries({ queryKey: ['billing', 'discount'] });
      }
      fail(attempt, error);
    } finally {
      setPending(null);
    }
  }

  /** The confirmed plan change: made by the server, which charges the prorated amount. */
  async function confirmChange() {
    if (!change) return;
    setConfirming(true);
    const { planId, billingCycle, prorationDate } = change;
    try {
      // With the preview's moment, the server charges exactly the amount the dialog showed.
      await billingApi.upgrade({ planId, billingCycle, language, prorationDate });
      // The new plan's credits too: the top bar's balance shows them at once.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
      ]);
      notify((toast) => toast.success(t('upgraded', { plan: t(`plans.${change.planId}.name`) })));
      setChange(null);
    } catch (error) {
      fail('upgrade', error);
      // A price that expired while the dialog stood open is worked out again, to confirm anew.
      const expired = error instanceof ApiError && error.code === 'PLAN_CHANGE_QUOTE_EXPIRED';
      setChange(expired ? await billingApi.changePreview({ planId, billingCycle, language }).catch(() => null) : null);
    } finally {
      setConfirming(false);
    }
  }

  return {
    currentPlan,
    pending,
    choose,
    /** A plan change waiting for the user's confirmation, with what it charges now. */
    change,
    confirming,
    confirmChange,
    cancelChange: () => setChange(null),
    ready: session.status !== 'loading' && (!signedIn || !status.isPending),
    canUseDiscount: signedIn && status.isSuccess && currentPlan !== 'lifetime' && !isSubscribed(status.data),
  };
}

/**
 * A running paid subscription (changed with an upgrade). A seven-day experience pass reports
 * Studio without a billing cycle: its holder buys a plan with a checkout (ADR 0009).
 */
const isSubscribed = (status: SubscriptionStatus | undefined) =>
  status?.subscribed === true && status.subscription_tier !== 'Lifetime' && status.billing_cycle !== null;
