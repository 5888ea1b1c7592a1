import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { RunButton } from './run-button.tsx';

/**
 * The foot of the side panel (kept in view on a desktop): Run and Reset, why Run is disabled,
 * and the note that a browser result is not saved.
 */
export function RunBar({
  label,
  processing,
  blocked,
  hintId,
  note,
  onReset,
  saveNoteId,
}: {
  label: string;
  processing: boolean;
  /** Why Run is disabled, or null. */
  blocked: string | null;
  hintId: string;
  note: string | undefined;
  onReset: () => void;
  /** Set while the result was made in the browser. */
  saveNoteId: string | undefined;
}) {
  const { t } = useTranslation('tool-run');
  return (
    <div className="mt-auto flex flex-col gap-2 border-zinc-200 bg-white/95 pt-3 backdrop-blur lg:sticky lg:bottom-0 lg:border-t lg:pb-1 dark:border-zinc-800 dark:bg-zinc-950/95">
      <div className="flex items-center gap-2">
        <RunButton
          label={label}
          disabled={processing || blocked !== null}
          describedBy={blocked ? hintId : undefined}
          note={note}
        />
        <button
          type="button"
          onClick={onReset}
          disabled={processing}
          className={buttonClass('secondary', 'lg', 'px-5')}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('action.reset')}
        </button>
      </div>
      {blocked && (
        <p id={hintId} className="text-sm text-red-700 [overflow-wrap:anywhere] dark:text-red-400">
          {blocked}
        </p>
      )}
      {saveNoteId && (
        <p id={saveNoteId} className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('result.browserSaveNote')}
        </p>
      )}
    </div>
  );
}
