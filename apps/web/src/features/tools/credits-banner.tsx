import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The balance and what this run costs, for signed-in users (tools.md §2). */
export function CreditsBanner({ credits, cost }: { credits: number | undefined; cost: number }) {
  const { t } = useTranslation('tool-run');
  if (credits === undefined) return null;
  const short = credits < cost;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-zinc-100 px-4 py-3 text-sm dark:bg-zinc-800/60">
      <Coins aria-hidden="true" className="size-4 text-brand-600 dark:text-brand-400" />
      <span>
        {t('credits.balance', { count: credits })} · {t('credits.cost', { count: cost })}
      </span>
      {short && (
        <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-300">
          {t('credits.getMore')}
        </Link>
      )}
    </p>
  );
}
