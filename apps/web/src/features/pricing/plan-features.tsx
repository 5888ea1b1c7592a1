import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A plan's feature list; the texts are an array in the pricing table (`plans.<id>.features`). */
export function PlanFeatures({ plan }: { plan: string }) {
  const { t } = useTranslation('pricing');
  return (
    <ul className="mt-6 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
      {(t(`plans.${plan}.features`, { returnObjects: true }) as string[]).map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
