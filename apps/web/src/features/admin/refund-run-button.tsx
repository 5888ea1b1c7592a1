import type { AdminRun } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';
import { ADMIN_QUERY_KEY, adminApi } from './admin-api.ts';
import { adminErrorText } from './admin-error-text.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** Refund for a finished run not refunded yet; the server refuses a second one anyway. */
export function RefundRunButton({ run }: { run: AdminRun }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const refundable = !run.refunded && run.credits > 0 && (run.status === 'succeeded' || run.status === 'failed');
  if (!refundable) return null;
  return (
    <ReasonDialog
      trigger={
        <button type="button" className={buttonClass('ghost', 'sm', 'h-7 px-2')}>
          {t('actions.refund.button')}
        </button>
      }
      title={t('actions.refund.title')}
      description={t('actions.refund.description', { count: run.credits })}
      confirmLabel={t('actions.refund.confirm')}
      errorText={(error) => adminErrorText(t, error, 'refund')}
      onConfirm={async ({ reason }) => {
        const { credits } = await adminApi.refundRun(run.id, reason);
        await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
        void notify((toast) => toast.success(t('actions.refund.done', { credits })));
      }}
    />
  );
}
