import { ENTITLEMENTS, type Feature, requiredPlanFor } from '@atelier/contracts';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A feature the user's plan does not include: a lock, what it is, and a link to the pricing page
 * ("Upgrade to Pro"), shown in place of the control so the user learns it before trying.
 */
export function PlanLock({ feature, className }: { feature: Feature; className?: string }) {
  const { t } = useTranslation('common');
  const plan = requiredPlanFor(feature);
  return (
    <p
      data-testid={`plan-lock-${feature}`}
      className={`flex flex-col items-start gap-1 rounded-xl border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300 ${className ?? ''}`}
    >
      <span className="flex gap-2">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500" />
        {t(`planLock.${feature}`, { max: ENTITLEMENTS[plan].limits.imagesPerRequest })}
      </span>
      <Link to="/pricing" className="ml-6 font-medium text-brand-700 underline dark:text-brand-400">
        {t('planLock.upgrade', { plan: t(`planLock.plan.${plan}`) })}
      </Link>
    </p>
  );
}
