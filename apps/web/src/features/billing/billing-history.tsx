import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { billingApi, billingKeys, formatMinorAmount } from '../../lib/billing-api.ts';
import { formatDate } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';

/**
 * The profile's billing history (its orders): newest first, amounts in minor
 * units shown divided by 100, Paid or Pending. Sync asks the payment provider about pending
 * checkouts first (every listing is synced first); Refresh only reloads.
 */
export function BillingHistory() {
  const { t, i18n } = useTranslation('billing');
  const queryClient = useQueryClient();
  const orders = useQuery({ queryKey: billingKeys.orders, queryFn: billingApi.orders });
  const [syncing, setSyncing] = useState(false);

  const sync = async () => {
    setSyncing(true);
    try {
      const { updated } = await billingApi.syncOrders();
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      notify((toast) => toast.success(t('history.synced', { count: updated })));
    } catch {
      notify((toast) => toast.error(t('history.syncFailed')));
    } finally {
      setSyncing(false);
    }
  };

  return (
    <section
      aria-labelledby="billing-history-title"
      className="rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="billing-history-title" className="text-lg font-semibold">
          {t('history.title')}
        </h2>
        <div className="flex gap-2">
          <button type="button" onClick={sync} disabled={syncing} className={buttonClass('secondary', 'sm')}>
            {t('history.sync')}
          </button>
          <button
            type="button"
            onClick={() => orders.refetch()}
            disabled={orders.isFetching}
            className={buttonClass('ghost', 'sm')}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('history.refresh')}
          </button>
        </div>
      </div>
      {orders.isPending ? (
        <Spinner className="mt-4" />
      ) : orders.isError ? (
        <p role="alert" className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          {t('history.loadFailed')}
        </p>
      ) : orders.data.orders.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{t('history.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
          {orders.data.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <span>
                <span className="font-medium">
                  {t(`plans.${order.plan}`)} · {t(`cycles.${order.billingCycle}`)}
                </span>
                <span className="block text-zinc-500">{formatDate(order.createdAt, i18n.language, 'medium')}</span>
                {order.discountAmount > 0 && (
                  <span className="block text-zinc-500">
                    {t('history.discount', {
                      amount: formatMinorAmount(order.discountAmount, order.currency, i18n.language),
                    })}
                  </span>
                )}
              </span>
              <span className="flex items-center gap-3">
                <span className="font-medium tabular-nums">
                  {formatMinorAmount(order.amount, order.currency, i18n.language)}
                </span>
                <span
                  className={
                    order.status === 'paid'
                      ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300'
                      : 'rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'
                  }
                >
                  {t(`history.${order.status}`)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
