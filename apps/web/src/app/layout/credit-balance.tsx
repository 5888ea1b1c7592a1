import { clsx } from 'clsx';
import { Coins, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../features/auth/index.ts';
import { useWorkspaceTeam } from '../../features/teams/index.ts';
import { useCredits } from '../../features/tools/index.ts';

/**
 * The signed-in user's credit balance, a link to the pricing page (where more are bought). It
 * reads the profile query every page shares, which a run refreshes when it ends: the number
 * changes as soon as a run is paid for or refunded. `pill` in the top bar, `row` in the phone
 * menu. While the balance loads, a placeholder of the pill's size keeps the top bar still.
 */
export function CreditBalance({ variant = 'pill', onNavigate }: { variant?: 'pill' | 'row'; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('common');
  const own = useCredits();
  // In a team's workspace, the team's pool is what runs are paid from: that is the balance shown.
  const team = useWorkspaceTeam(useSession().user?.id);
  const credits = team ? team.credits : own;
  if (credits === undefined) {
    return variant === 'pill' ? (
      <span aria-hidden="true" className="h-9 w-16 animate-pulse rounded-full bg-zinc-100 dark:bg-zinc-800" />
    ) : null;
  }
  const amount = credits.toLocaleString(i18n.language);
  const label = team
    ? t('account.teamBalance', { count: credits, amount, team: team.name })
    : t('account.balance', { count: credits, amount });
  const to = team ? '/team' : '/pricing';
  const Icon = team ? Users : Coins;
  if (variant === 'row') {
    return (
      <Link
        to={to}
        onClick={onNavigate}
        className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        <Icon aria-hidden="true" className="size-4 text-brand-600 dark:text-brand-400" />
        <span>{label}</span>
        {!team && <span className="ml-auto text-brand-700 dark:text-brand-300">{t('account.getMore')}</span>}
      </Link>
    );
  }
  return (
    <Link
      to={to}
      aria-label={team ? label : `${label} — ${t('account.getMore')}`}
      title={team ? label : t('account.getMore')}
      className={clsx(
        'inline-flex h-9 items-center gap-1.5 rounded-full border border-zinc-200 bg-white px-3 text-sm font-semibold text-zinc-800 tabular-nums hover:bg-zinc-50',
        'dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
      )}
    >
      <Icon aria-hidden="true" className="size-4 text-brand-600 dark:text-brand-400" />
      <span data-testid="credit-balance">{amount}</span>
    </Link>
  );
}
