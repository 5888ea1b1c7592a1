import { clsx } from 'clsx';
import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCredits } from '../../features/tools/use-credits.ts';

/**
 * The signed-in user's credit balance, a link to the pricing page (where more are bought). It
 * reads the profile query every page shares, which a run refreshes when it ends: the number
 * changes as soon as a run is paid for or refunded. `pill` in the top bar, `row` in the phone
 * menu. While the balance loads, a placeholder of the pill's size keeps the top bar still.
 */
export function CreditBalance({ variant = 'pill', onNavigate }: { variant?: 'pill' | 'row'; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('common');
  const credits = useCredits();
  if (credits === undefined) {
    return variant === 'pill' ? (
      <span aria-hidden="true" className="h-9 w-16 animate-pulse rounded-full bg-zinc-100 dark:bg-zinc-800" />
    ) : null;
  }
  const amount = credits.toLocaleString(i18n.language);
  const label = t('account.balance', { count: credits, amount });
  if (variant === 'row') {
    return (
      <Link
        to="/pricing"
        onClick={onNavigate}
        className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        <Coins aria-hidden="true" className="size-4 text-brand-600 dark:text-brand-400" />
        <span>{label}</span>
        <span className="ml-auto text-brand-700 dark:text-brand-300">{t('account.getMore')}</span>
      </Link>
    );
  }
  return (
    <Link
      to="/pricing"
      aria-label={`${label} — ${t('account.getMore')}`}
      title={t('account.getMore')}
      className={clsx(
        'inline-flex h-9 items-center gap-1.5 rounded-full border border-zinc-200 bg-white px-3 text-sm font-semibold text-zinc-800 tabular-nums hover:bg-zinc-50',
        'dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
      )}
    >
      <Coins aria-hidden="true" className="size-4 text-brand-600 dark:text-brand-400" />
      <span data-testid="credit-balance">{amount}</span>
    </Link>
  );
}
