import type { ToolId } from '@atelier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { DIALOG_BOX_CLASS, DIALOG_OVERLAY_CLASS } from '../../components/ui/dialog-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../lib/notify.ts';
import { artworksApi } from './artworks-api.ts';
import { ARTWORKS_QUERY_KEY } from './use-artworks.ts';

export interface SaveToGalleryDialogProps {
  runId: string;
  outputIndex: number;
  prompt: string;
  negativePrompt?: string | null;
  toolType: ToolId;
  /** Made on the demo engine: a placeholder, saved privately only (the server refuses public). */
  demo?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Runs once the user confirms Save, before the artwork is made (a result that exists only in
   * the browser is uploaded then, never on opening). It reports its own failure and answers
   * false; the dialog then stays open.
   */
  prepare?: () => Promise<boolean>;
}

/**
 * The save-to-gallery dialog of the tool pages: a make-public checkbox,
 * Cancel and Save. The server copies the run's stored output. While a save is under way the
 * dialog cannot be closed: what Save started finishes, or fails and says so.
 */
export function SaveToGalleryDialog(props: SaveToGalleryDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => (open || !busy) && props.onOpenChange(open)}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY_CLASS} />
        <Dialog.Content className={DIALOG_BOX_CLASS}>
          {/* The gallery's text table may still be loading on a tool page: wait here, not page-wide. */}
          <Suspense fallback={<Spinner />}>
            <SaveForm {...props} onBusyChange={setBusy} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SaveForm({
  runId,
  outputIndex,
  prompt,
  negativePrompt,
  toolType,
  demo = false,
  onOpenChange,
  prepare,
  onBusyChange,
}: SaveToGalleryDialogProps & { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation('gallery');
  const client = useQueryClient();
  const checkboxId = useId();
  const [isPublic, setIsPublic] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      if (prepare && !(await prepare())) return false;
      await artworksApi.create({ runId, outputIndex, prompt, negativePrompt, toolType, isPublic: isPublic && !demo });
      return true;
    },
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onSuccess: (saved) => {
      if (!saved) return;
      void client.invalidateQueries({ queryKey: ARTWORKS_QUERY_KEY });
      void notify((toast) => toast.success(t('toast.saved')));
      onOpenChange(false);
    },
    onError: () => void notify((toast) => toast.error(t('toast.saveFailed'))),
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Dialog.Title className="text-lg font-semibold">{t('save.title')}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {t('save.description')}
      </Dialog.Description>
      <div className="mt-5 flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={isPublic && !demo}
          disabled={demo}
          onChange={(event) => setIsPublic(event.target.checked)}
          className="mt-0.5 size-4 accent-brand-600 disabled:opacity-50"
        />
        <label htmlFor={checkboxId} className="text-sm">
          <span className="font-medium">{t('save.makePublic')}</span>
          <span className="block text-zinc-500 dark:text-zinc-400">
            {t(demo ? 'save.demoPrivate' : 'save.makePublicHint')}
          </span>
        </label>
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close type="button" disabled={save.isPending} className={buttonClass('secondary')}>
          {t('save.cancel')}
        </Dialog.Close>
        <button type="submit" disabled={save.isPending} className={buttonClass('primary')}>
          {save.isPending ? t('save.saving') : t('save.save')}
        </button>
      </div>
    </form>
  );
}
