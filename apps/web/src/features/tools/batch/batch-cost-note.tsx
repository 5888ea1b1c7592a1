import { useTranslation } from 'react-i18next';
import type { batchCost } from './batch-plan.ts';

/** What a batch costs in all and per image, and whether the balance covers it (free on the demo engine). */
export function BatchCostNote({
  plan,
  count,
  credits,
  demo,
}: {
  plan: ReturnType<typeof batchCost>;
  /** Images in the batch. */
  count: number;
  credits: number | undefined;
  demo: boolean;
}) {
  const { t } = useTranslation('studio-batch');
  return (
    <p
      data-testid="batch-cost"
      className="rounded-2xl border border-zinc-200 px-3.5 py-2.5 text-sm dark:border-zinc-800"
    >
      <span className="font-medium">
        {demo
          ? t('studio-batch:batch.demo', { count })
          : t('studio-batch:batch.cost', { count, perInput: plan.perInput, total: plan.total })}
      </span>{' '}
      {plan.covered === true && !demo && (
        <span className="text-emerald-700 dark:text-emerald-400">{t('studio-batch:batch.covered')}</span>
      )}
      {plan.covered === false && credits !== undefined && (
        <span className="text-red-700 dark:text-red-400">
          {t('studio-batch:batch.short', { count: plan.total - credits })}
        </span>
      )}
    </p>
  );
}
