import { clsx } from 'clsx';
import { ImageUp } from 'lucide-react';
import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilesChosenBeforeHydration } from '../../../lib/use-typed-before-hydration.ts';
import { acceptAttribute, type FileRules } from './check-image-file.ts';
import { type FileRefusal, useImageIntake } from './use-image-intake.ts';
import { useObjectUrl } from './use-object-url.ts';

interface ImageDropZoneProps {
  /** The file input's id, so other parts of the page (the empty stage) can be its label too. */
  id?: string;
  label: string;
  file: File | null;
  onFile: (file: File) => void;
  /** Hears of a chosen file the checks refused (the toast naming it is shown already). */
  onRefuse?: (refusal: FileRefusal) => void;
  rules: FileRules;
  disabled?: boolean;
  /** Takes images pasted anywhere on the page; only the page's main image input should. */
  takesPaste?: boolean;
  /**
   * Takes several images at once (a batch): every file picked, dropped or pasted goes to
   * `onFiles`, which checks them; `file` is then the first of the selection and `summary` says how many.
   */
  onFiles?: (files: File[]) => void;
  summary?: string;
}

/**
 * An image input of the side panel: pick a file, drop one, or paste one from the clipboard,
 * with a small preview and the file's name. Every file goes through useImageIntake's checks.
 */
export function ImageDropZone({
  id: givenId,
  label,
  file,
  onFile,
  onRefuse,
  rules,
  disabled,
  takesPaste,
  onFiles,
  summary,
}: ImageDropZoneProps) {
  const { t } = useTranslation('tool-run');
  const ownId = useId();
  const id = givenId ?? ownId;
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // On a server-rendered tool page a file can be chosen before the page is hydrated.
  useFilesChosenBeforeHydration(input);
  const url = useObjectUrl(file);
  const acceptOne = useImageIntake(rules, onFile, disabled, onRefuse);
  // Several files go to the batch's own intake; a single one keeps the single-image path.
  const accept = useCallback(
    (files: readonly File[]) => {
      if (disabled || files.length === 0) return;
      if (onFiles) onFiles([...files]);
      else void acceptOne(files[0]);
    },
    [onFiles, acceptOne, disabled],
  );

  useEffect(() => {
    if (!takesPaste || disabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const pasted = [...(event.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
      if (pasted.length === 0) return; // leave text pastes (the prompt box) alone
      event.preventDefault();
      accept(pasted);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [takesPaste, disabled, accept]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    accept([...event.dataTransfer.files]);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </span>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={clsx(
          'relative flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl border-2 border-dashed p-2.5 text-sm text-zinc-600 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 dark:text-zinc-400',
          dragging
            ? 'border-brand-600 bg-brand-50 dark:bg-brand-950/30'
            : 'border-zinc-300 hover:border-brand-400 dark:border-zinc-700',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        <input
          ref={input}
          id={id}
          type="file"
          accept={acceptAttribute(rules.formats)}
          multiple={onFiles !== undefined}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            accept([...(event.target.files ?? [])]);
            event.target.value = ''; // choosing the same file again still fires
          }}
        />
        <span className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800">
          {url ? (
            <img src={url} alt={t('upload.previewAlt')} className="size-full object-cover" />
          ) : (
            <ImageUp aria-hidden="true" className="size-5 text-zinc-500" />
          )}
        </span>
        <span id={`${id}-hint`} className="min-w-0">
          <span className="line-clamp-2 min-h-10 [overflow-wrap:anywhere]">
            {summary ?? (file ? t('upload.replace', { name: file.name }) : t('upload.hint'))}
          </span>
          <span className="block text-xs text-zinc-500">
            {t(rules.formats.length === 2 ? 'upload.limitsPngJpg' : 'upload.limits')}
          </span>
        </span>
      </label>
    </div>
  );
}
