import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';

/** Delete behind a confirmation: it cannot be undone. */
export function DeleteArtworkButton({ onConfirm, disabled }: { onConfirm: () => void; disabled?: boolean }) {
  const { t } = useTranslation('gallery');
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger
        disabled={disabled}
        aria-label={t('delete.button')}
        className={buttonClass('ghost', 'icon', 'size-8 text-zinc-500 hover:text-red-600')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl dark:bg-zinc-900">
          <AlertDialog.Title className="text-lg font-semibold">{t('delete.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t('delete.body')}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>{t('delete.cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              className={buttonClass('primary', 'md', 'bg-red-600 hover:bg-red-700')}
            >
              {t('delete.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
