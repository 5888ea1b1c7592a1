import { INPUT_IMAGE_FORMATS, UPLOAD_MAX_BYTES } from '@atelier/contracts';
import { clsx } from 'clsx';
import { Brush, Eraser, Redo2, Trash2, Undo2, Upload } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { notify } from '../../../lib/notify.ts';
import { acceptAttribute } from '../intake/check-image-file.ts';
import { IconButton } from '../stage/icon-button.tsx';
import type { Size } from '../stage/stage-view.ts';
import { BRUSH_SIZE } from './mask-layer.ts';
import type { MaskPainter } from './use-mask-painter.ts';

/**
 * The mask's controls in the side panel: brush and eraser, brush size, undo, redo, clear, and
 * the upload of a ready mask, which lands on the same layer the brush edits. Each button names
 * its shortcut in its tooltip; the stage is where the painting happens.
 */
export function MaskTools({
  painter,
  image,
  disabled,
  onEdit,
}: {
  painter: MaskPainter;
  image: Size | null;
  disabled: boolean;
  /** Any mask action brings the painter back on the stage (it may be showing a result). */
  onEdit: () => void;
}) {
  const { t } = useTranslation('tool-run');
  const sizeId = useId();
  const uploadId = useId();
  const off = disabled || !image;
  const act = (action: () => void) => () => {
    action();
    onEdit();
  };

  async function upload(file: File | undefined) {
    if (!file) return;
    const refuse = (text: string) => void notify((toast) => toast.error(text));
    if (!image) return refuse(t('mask.needImage'));
    if (!file.type.startsWith('image/')) return refuse(t('mask.notAnImage'));
    if (file.size > UPLOAD_MAX_BYTES) return refuse(t('validation.fileTooLarge'));
    const result = await painter.upload(file);
    if (result.ok) return onEdit();
    if (result.problem === 'aspect' && result.size) {
      const size = (s: Size) => t('stage.dimensions', { width: s.width, height: s.height });
      return refuse(t('mask.aspect', { mask: size(result.size), image: size(image) }));
    }
    refuse(t('mask.notAnImage'));
  }

  const toggle = (pressed: boolean) => buttonClass(pressed ? 'primary' : 'secondary', 'toolText', 'flex-1');
  return (
    <section aria-labelledby={`${sizeId}-heading`} className="flex flex-col gap-3">
      <div>
        <h2 id={`${sizeId}-heading`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('mask.heading')}
        </h2>
        <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t('mask.help')}</p>
      </div>
      <div role="toolbar" aria-label={t('mask.toolbar')} className="flex flex-col gap-3">
        <div className="flex gap-2">
          <button
            type="button"
            aria-pressed={!painter.erase}
            onClick={act(() => painter.setErase(false))}
            disabled={off}
            title={`${t('mask.brush')} (B)`}
            className={toggle(!painter.erase)}
          >
            <Brush aria-hidden="true" className="size-4" />
            {t('mask.brush')}
          </button>
          <button
            type="button"
            aria-pressed={painter.erase}
            onClick={act(() => painter.setErase(true))}
            disabled={off}
            title={`${t('mask.eraser')} (E)`}
            className={toggle(painter.erase)}
          >
            <Eraser aria-hidden="true" className="size-4" />
            {t('mask.eraser')}
          </button>
        </div>
        <div className="flex items-center gap-3">
          <label htmlFor={sizeId} className="shrink-0 text-sm">
            {t('mask.size')}
          </label>
          <input
            id={sizeId}
            type="range"
            min={BRUSH_SIZE.min}
            max={BRUSH_SIZE.max}
            value={painter.brush}
            disabled={off}
            title={`${t('mask.size')} ([ / ])`}
            onChange={(event) => painter.setBrush(Number(event.target.value))}
            className="h-9 min-w-0 flex-1 accent-brand-600"
          />
          <span className="w-14 shrink-0 text-right text-sm tabular-nums text-zinc-600 dark:text-zinc-400">
            {t('mask.sizeValue', { size: painter.brush })}
          </span>
        </div>
        <div className="flex items-center gap-2">
          {(
            [
              ['undo', Undo2, 'Ctrl+Z', painter.undo, painter.canUndo],
              ['redo', Redo2, 'Ctrl+Shift+Z', painter.redo, painter.canRedo],
              ['clear', Trash2, 'Backspace', painter.clear, painter.canClear],
            ] as const
          ).map(([key, icon, shortcut, action, can]) => (
            <IconButton
              key={key}
              label={t(`mask.${key}`)}
              shortcut={shortcut}
              icon={icon}
              variant="secondary"
              onClick={act(action)}
              disabled={off || !can}
            />
          ))}
          <label
            htmlFor={uploadId}
            className={clsx(
              buttonClass(
                'secondary',
                'sm',
                'ml-auto cursor-pointer px-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
              ),
              off && 'pointer-events-none opacity-50',
            )}
          >
            <Upload aria-hidden="true" className="size-4" />
            {t('mask.upload')}
            <input
              id={uploadId}
              type="file"
              accept={acceptAttribute(INPUT_IMAGE_FORMATS)}
              disabled={off}
              className="sr-only"
              onChange={(event) => {
                void upload(event.target.files?.[0]);
                event.target.value = ''; // the same file again still fires
              }}
            />
          </label>
        </div>
      </div>
    </section>
  );
}
