import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { ConfirmDialogContent } from '../../../components/ui/confirm-dialog.tsx';

/** "Leave during a run?" (leave-guard.tsx): Stay, or Leave, which lets the navigation go. */
export default function LeaveDialog({
  inBrowser,
  onStay,
  onLeave,
}: {
  inBrowser: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('tool-run');
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onStay();
      }}
    >
      <ConfirmDialogContent
        title={t('leave.title')}
        description={t(inBrowser ? 'leave.bodyBrowser' : 'leave.body')}
        cancel={t('leave.stay')}
        confirm={t('leave.leave')}
        onConfirm={onLeave}
      />
    </AlertDialog.Root>
  );
}
