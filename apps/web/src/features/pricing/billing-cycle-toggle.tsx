import { BILLING_CYCLES, type BillingCycle, type PlansResponse } from '@atelier/contracts';
import { ToggleGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { lifetimeBadge } from './lifetime-badge.ts';

// The group's place and each item's column are fixed by the page's width, not by the labels: a
// browser paints a page while its HTML is still arriving, and a group sized by its items would
// grow and slide sideways as the later items came in. Labels keep to the top of their column,
// so the lifetime badge wrapping under its label on a phone moves nothing beside it.
const GROUP_CLASS =
  'mx-auto grid w-full max-w-xl grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.7fr)] gap-1 rounded-3xl bg-zinc-100 p-1 dark:bg-zinc-900';
const ITEM_CLASS =
  'flex flex-wrap content-start items-center justify-center gap-x-2 gap-y-1 rounded-3xl px-2 py-1.5 text-sm font-medium text-zinc-600 transition-colors hover:text-zinc-900 data-[state=on]:bg-white data-[state=on]:text-zinc-900 data-[state=on]:shadow-sm dark:text-zinc-400 dark:hover:text-white dark:data-[state=on]:bg-zinc-800 dark:data-[state=on]:text-white';

/** Monthly / yearly / lifetime, with the places-left badge on lifetime; monthly first. */
export function BillingCycleToggle({
  value,
  onChange,
  slots,
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  /** The server's count of lifetime places; no badge until it is known. */
  slots: PlansResponse['lifetimeSlots'] | undefined;
}) {
  const { t, i18n } = useTranslation('pricing');
  const badge = slots && lifetimeBadge(slots, i18n.language);
  return (
    // Each cycle also submits this form to its own action: pressed before the page is hydrated,
    // React's form replaying keeps the press and makes the choice once it is.
    <form>
      <ToggleGroup.Root
        type="single"
        value={value}
        // Pressing the selected item again would clear the choice; a cycle is always chosen.
        onValueChange={(next) => next && onChange(next as BillingCycle)}
        aria-label={t('cycle.label')}
        className={GROUP_CLASS}
      >
        {BILLING_CYCLES.map((cycle) => (
          <ToggleGroup.Item
            key={cycle}
            value={cycle}
            type="submit"
            formAction={() => onChange(cycle)}
            className={ITEM_CLASS}
          >
            {t(`cycle.${cycle}`)}
            {cycle === 'lifetime' && badge && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
                {t(badge.key, badge.values)}
              </span>
            )}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </form>
  );
}
