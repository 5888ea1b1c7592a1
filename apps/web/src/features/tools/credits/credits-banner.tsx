import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The balance and what this run costs, for signed-in users; a run the demo
 * engine makes is free, and the line says so and why before it starts.
 */
export function CreditsBanner({ credits, cost, demo }: { credits: number | undefined; cost: number; demo: boolean }) {
  const { t } = useTranslation('tool-run');
  if (credits === undefined) return null;
  const short = credits < cost;
  return (
    <p className="flex items-start gap-3 rounded-2xl bg-zinc-100 px-3.5 py-2.5 text-sm dark:bg-zinc-800/60">
      <Coins aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" />
      <span className="flex flex-wrap gap-x-3 gap-y-1">
        <span>
          {t('credits.balance', { count: credits })} ·{' '}
          <span data-testid="run-cost">{demo ? t('credits.demo') : t('credits.cost', { count: cost })}</span>
        </span>
        {short && (
          <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-300">
            {t('credits.getMore')}
          </Link>
        )}
      </span>
    </p>
  );
}

/** Which team's credits the run spends, while the workspace is a team's. */
export function PayingTeamNote({ team }: { team: { name: string } | null | undefined }) {
  const { t } = useTranslation('common');
  if (!team) return null;
  return (
    <p className="text-sm font-medium text-brand-700 dark:text-brand-300" data-testid="paying-team">
      {t('common:account.paysFrom', { name: team.name })}
    </p>
  );
}
