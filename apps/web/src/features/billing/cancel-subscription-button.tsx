import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { ConfirmDialogContent } from '../../components/ui/confirm-dialog.tsx';
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
      <ConfirmDialogContent
        title={t('cancel.title')}
        description={t('cancel.body', { date: endsOn })}
        cancel={t('cancel.keep')}
        confirm={t('cancel.confirm')}
        onConfirm={() => cancel.mutate()}
      />
    </AlertDialog.Root>
  );
}
