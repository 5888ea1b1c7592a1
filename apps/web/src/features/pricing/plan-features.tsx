import { ENTITLEMENTS, type PlanId, pricingCard, TEAM_SEATS_MAX } from '@atelier/contracts';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A plan's feature list, drawn from the entitlements table the server enforces (contracts,
 * `pricingCard`): the plan it builds on, then each feature it adds, with the plan's limits. A
 * card therefore never names what the server does not give.
 */
export function PlanFeatures({ plan }: { plan: PlanId }) {
  const { t } = useTranslation('pricing');
  const card = pricingCard(plan);
  const { limits } = ENTITLEMENTS[plan];
  const lines = [
    ...(card.includes ? [t('includes', { plan: t(`plans.${card.includes}.name`) })] : []),
    ...card.features.map((feature) =>
      t(`features.${feature}`, { max: limits.imagesPerRequest, keys: limits.apiKeys, seats: TEAM_SEATS_MAX }),
    ),
  ];
  return (
    <ul className="mt-6 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
      {lines.map((line) => (
        <li key={line} className="flex gap-2" data-testid="plan-feature">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" />
          {line}
        </li>
      ))}
    </ul>
  );
}
