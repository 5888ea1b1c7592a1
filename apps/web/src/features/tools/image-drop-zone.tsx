import { clsx } from 'clsx';
import { ImageUp } from 'lucide-react';
import { type DragEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { acceptAttribute, checkImageFile, type FileRules } from './check-image-file.ts';
import { useObjectUrl } from './use-object-url.ts';

interface ImageDropZoneProps {
  label: string;
  file: File | null;
  onFile: (file: File) => void;
  rules: FileRules;
  disabled?: boolean;
  /** Takes images pasted anywhere on the page; only the page's main image input should. */
  takesPaste?: boolean;
  /** Hides the built-in preview when the page shows the image itself (the mask painter). */
  preview?: boolean;
}

/**
 * An image input: pick a file, drop one, or paste one from the clipboard. Each file is
 * checked (type, 10 MB, size in pixels) before it is accepted; a refusal is a toast in the
 * spec's words and the previous file stays.
 */
export function ImageDropZone({
  label,
  file,
  onFile,
  rules,
  disabled,
  takesPaste,
  preview = true,
}: ImageDropZoneProps) {
  const { t } = useTranslation('tool-run');
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const url = useObjectUrl(preview ? file : null);

  async function accept(candidate: File | undefined) {
    if (!candidate || disabled) return;
    const problem = await checkImageFile(candidate, rules);
    if (problem) void notify((toast) => toast.error(t(`validation.${problem}`)));
    else onFile(candidate);
  }

  useEffect(() => {
    if (!takesPaste || disabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const pasted = [...(event.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
      if (!pasted) return; // leave text pastes (the prompt box) alone
      event.preventDefault();
      void accept(pasted);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex flex-col gap-2">
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
          'relative flex min-h-40 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed p-4 text-center text-sm text-zinc-600 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 dark:text-zinc-400',
          dragging ? 'border-brand-600 bg-brand-50 dark:bg-brand-950/30' : 'border-zinc-300 dark:border-zinc-700',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        <input
          id={id}
          type="file"
          accept={acceptAttribute(rules.formats)}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            void accept(event.target.files?.[0]);
            event.target.value = ''; // choosing the same file again still fires
          }}
        />
        {url ? (
          <img src={url} alt={t('upload.previewAlt')} className="max-h-64 rounded-lg object-contain" />
        ) : (
          <ImageUp aria-hidden="true" className="size-8 text-zinc-400" />
        )}
        <span id={`${id}-hint`}>
          {file ? t('upload.replace', { name: file.name }) : t('upload.hint')}
          <span className="block text-xs text-zinc-500">
            {t(rules.formats.length === 2 ? 'upload.limitsPngJpg' : 'upload.limits')}
          </span>
        </span>
      </label>
    </div>
  );
}
