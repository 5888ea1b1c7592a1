import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles.ts';

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
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl dark:bg-zinc-900">
          <AlertDialog.Title className="text-lg font-semibold">{t('leave.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t(inBrowser ? 'leave.bodyBrowser' : 'leave.body')}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>{t('leave.stay')}</AlertDialog.Cancel>
            <AlertDialog.Action onClick={onLeave} className={buttonClass('primary')}>
              {t('leave.leave')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
