import type { WebhookDelivery } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { formatDate } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { automationApi, WEBHOOK_DELIVERIES_QUERY_KEY } from './automation-api.ts';

const STATUS_CLASS: Record<WebhookDelivery['status'], string> = {
  delivered: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300',
  pending: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  retrying: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
};

/**
 * The latest webhook deliveries (the API's log): what was sent where, how its last attempt went,
 * and *Send again* for one a receiver missed. Fetched when the card is open.
 */
export function WebhookDeliveries() {
  const { t } = useTranslation('automation');
  const deliveries = useQuery({ queryKey: WEBHOOK_DELIVERIES_QUERY_KEY, queryFn: automationApi.webhookDeliveries });
  return (
    <div className="flex flex-col gap-3 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <h3 className="text-base font-semibold">{t('deliveries.title')}</h3>
      {deliveries.data?.length === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('deliveries.empty')}</p>
      )}
      {!!deliveries.data?.length && (
        <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="webhook-deliveries">
          {deliveries.data.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation('automation');
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => automationApi.redeliverWebhook(delivery.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WEBHOOK_DELIVERIES_QUERY_KEY });
      void notify((toast) => toast.success(t('deliveries.resent')));
    },
    onError: () => void notify((toast) => toast.error(t('errors.generic'))),
  });
  const last = delivery.attempts.at(-1);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[delivery.status]}`}>
        {t(`deliveries.status.${delivery.status}`)}
      </span>
      <span className="font-mono text-xs">{delivery.type}</span>
      <span
        className="min-w-0 basis-full truncate text-zinc-600 sm:flex-1 sm:basis-auto dark:text-zinc-400"
        title={delivery.url}
      >
        {delivery.url}
      </span>
      <span className="text-zinc-600 dark:text-zinc-400">
        {formatDate(delivery.createdAt, i18n.language, 'medium-time')}
        {' · '}
        {t('deliveries.attempts', { count: delivery.attempts.length })}
        {/* A no-break space: the code stays with its name when the line wraps. */}
        {last?.statusCode ? ` · HTTP\u00a0${last.statusCode}` : ''}
      </span>
      {delivery.status !== 'pending' && (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('deliveries.resend')}
        </button>
      )}
    </li>
  );
}
