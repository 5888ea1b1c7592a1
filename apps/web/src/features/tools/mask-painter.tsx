import { clsx } from 'clsx';
import { Brush, Eraser, Redo2, Trash2, Undo2 } from 'lucide-react';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { drawStrokes, maskFile, type Stroke } from './mask-strokes.ts';

const OVERLAY_PAINT = 'rgb(239 68 68)';

interface MaskPainterProps {
  imageUrl: string;
  /** Gets the painted mask after each stroke, undo, redo or clear (null when nothing is painted). */
  onMask: (mask: File | null) => void;
  disabled: boolean;
}

/**
 * Paint the area to inpaint on the image itself: brush and eraser, brush size, per-stroke
 * undo and redo, clear. The mask is exported white-on-black at the image's own size. Painting
 * needs a pointer; the mask upload next to it is the keyboard way to give a mask.
 */
export function MaskPainter({ imageUrl, onMask, disabled }: MaskPainterProps) {
  const { t } = useTranslation('tool-run');
  const sizeId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [undone, setUndone] = useState<Stroke[]>([]);
  const [erase, setErase] = useState(false);
  const [brush, setBrush] = useState(40);
  const current = useRef<Stroke | null>(null);

  // Redraw the overlay and hand the page a fresh mask whenever the strokes change.
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !natural) return;
    ctx.clearRect(0, 0, natural.width, natural.height);
    drawStrokes(ctx, strokes, OVERLAY_PAINT, 'cut');
    let live = true;
    void maskFile(strokes, natural.width, natural.height).then((file) => live && onMask(file));
    return () => {
      live = false;
    };
  }, [strokes, natural, onMask]);

  const point = (event: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scale = event.currentTarget.width / rect.width;
    return [(event.clientX - rect.left) * scale, (event.clientY - rect.top) * scale];
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || !natural) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const scale = event.currentTarget.width / event.currentTarget.getBoundingClientRect().width;
    current.current = { erase, size: brush * scale, points: [point(event)] };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    const ctx = canvas.current?.getContext('2d');
    if (!stroke || !ctx) return;
    stroke.points.push(point(event));
    // Draw only the newest segment while dragging; the full redraw happens on release.
    drawStrokes(ctx, [{ ...stroke, points: stroke.points.slice(-2) }], OVERLAY_PAINT, 'cut');
  };
  const onPointerUp = () => {
    const stroke = current.current;
    current.current = null;
    if (!stroke) return;
    setStrokes((previous) => [...previous, stroke]);
    setUndone([]);
  };

  const undo = () => {
    const last = strokes.at(-1);
    if (!last) return;
    setStrokes(strokes.slice(0, -1));
    setUndone([...undone, last]);
  };
  const redo = () => {
    const next = undone.at(-1);
    if (!next) return;
    setUndone(undone.slice(0, -1));
    setStrokes([...strokes, next]);
  };

  const clear = () => {
    setStrokes([]);
    setUndone([]);
  };
  // Brush and eraser are toggles (aria-pressed); undo, redo and clear are plain actions.
  const tools = [
    { label: 'mask.brush', Icon: Brush, pressed: !erase, onClick: () => setErase(false), disabled },
    { label: 'mask.eraser', Icon: Eraser, pressed: erase, onClick: () => setErase(true), disabled },
    { label: 'mask.undo', Icon: Undo2, pressed: undefined, onClick: undo, disabled: disabled || strokes.length === 0 },
    { label: 'mask.redo', Icon: Redo2, pressed: undefined, onClick: redo, disabled: disabled || undone.length === 0 },
    {
      label: 'mask.clear',
      Icon: Trash2,
      pressed: undefined,
      onClick: clear,
      disabled: disabled || strokes.length === 0,
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('mask.help')}</p>
      <div className="relative w-full max-w-2xl overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800">
        <img
          src={imageUrl}
          alt={t('mask.imageAlt')}
          className="block h-auto w-full select-none"
          draggable={false}
          onLoad={(event) =>
            setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
        {natural && (
          <canvas
            ref={canvas}
            width={natural.width}
            height={natural.height}
            data-testid="mask-canvas"
            className={clsx(
              'absolute inset-0 size-full touch-none opacity-50',
              disabled ? 'cursor-not-allowed' : 'cursor-crosshair',
            )}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          />
        )}
      </div>
      <div role="toolbar" aria-label={t('mask.toolbar')} className="flex flex-wrap items-center gap-2">
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            aria-pressed={tool.pressed}
            onClick={tool.onClick}
            disabled={tool.disabled}
            className={buttonClass(tool.pressed ? 'primary' : 'secondary', 'sm')}
          >
            <tool.Icon aria-hidden="true" className="size-4" />
            {t(tool.label)}
          </button>
        ))}
        <label htmlFor={sizeId} className="ml-2 text-sm">
          {t('mask.size')}
        </label>
        <input
          id={sizeId}
          type="range"
          min={4}
          max={160}
          value={brush}
          onChange={(event) => setBrush(Number(event.target.value))}
          className="w-32 accent-brand-600"
        />
      </div>
    </div>
  );
}
