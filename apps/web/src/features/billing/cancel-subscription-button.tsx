import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { billingApi, billingKeys } from '../../lib/billing-api.ts';
import { notify } from '../../lib/notify.ts';

/**
 * Cancel at period end, as Stripe's portal does it: the plan and its credits stay until `endsOn`,
 * then it does not renew. The server marks the subscription (with every provider, the sandbox
 * too); the card then says "Ends on".
 */
export function CancelSubscriptionButton({ endsOn }: { endsOn: string }) {
  const { t } = useTranslation('billing');
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: billingApi.cancel,
    onSuccess: (status) => {
      client.setQueryData(billingKeys.subscription, status);
      void notify((toast) => toast.success(t('cancel.done', { date: endsOn })));
    },
    onError: () => void notify((toast) => toast.error(t('cancel.failed'))),
  });
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger disabled={cancel.isPending} className={buttonClass('secondary', 'sm')}>
        {t('cancel.open')}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl dark:bg-zinc-900">
          <AlertDialog.Title className="text-lg font-semibold">{t('cancel.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t('cancel.body', { date: endsOn })}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>{t('cancel.keep')}</AlertDialog.Cancel>
            <AlertDialog.Action onClick={() => cancel.mutate()} className={buttonClass('primary')}>
              {t('cancel.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
