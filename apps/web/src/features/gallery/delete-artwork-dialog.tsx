import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { ConfirmDialogContent } from '../../components/ui/confirm-dialog.tsx';

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
      <ConfirmDialogContent
        title={t('delete.title')}
        description={t('delete.body')}
        cancel={t('delete.cancel')}
        confirm={t('delete.confirm')}
        onConfirm={onConfirm}
        confirmClassName={buttonClass('primary', 'md', 'bg-red-600 hover:bg-red-700')}
      />
    </AlertDialog.Root>
  );
}
