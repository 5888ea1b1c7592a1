import { BILLING_CYCLES, type BillingCycle } from '@atelier/contracts';
import { ToggleGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';

const ITEM_CLASS =
  'inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium text-zinc-600 transition-colors hover:text-zinc-900 data-[state=on]:bg-white data-[state=on]:text-zinc-900 data-[state=on]:shadow-sm dark:text-zinc-400 dark:hover:text-white dark:data-[state=on]:bg-zinc-800 dark:data-[state=on]:text-white';

/** Monthly / yearly / lifetime, with the limited-offer badge on lifetime; monthly first. */
export function BillingCycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}) {
  const { t } = useTranslation('pricing');
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      // Pressing the selected item again would clear the choice; a cycle is always chosen.
      onValueChange={(next) => next && onChange(next as BillingCycle)}
      aria-label={t('cycle.label')}
      className="inline-flex gap-1 rounded-full bg-zinc-100 p-1 dark:bg-zinc-900"
    >
      {BILLING_CYCLES.map((cycle) => (
        <ToggleGroup.Item key={cycle} value={cycle} className={ITEM_CLASS}>
          {t(`cycle.${cycle}`)}
          {cycle === 'lifetime' && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
              {t('limitedOffer')}
            </span>
          )}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
