import { type PointerEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Size, View } from './stage-view.ts';

/**
 * Before and after on the stage: the result, with the original over it clipped at the
 * divider. `position` is the divider's place across the image, 0–100, in image terms, so it
 * stays on the same spot of the image at any zoom.
 */
export function CompareLayers({ before, after, position }: { before: string; after: string; position: number }) {
  const { t } = useTranslation('tool-run');
  return (
    <>
      <img src={after} alt={t('result.resultAlt', { n: 1 })} draggable={false} className="absolute inset-0 size-full" />
      <img
        src={before}
        alt={t('result.originalAlt')}
        draggable={false}
        className="absolute inset-0 size-full"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
    </>
  );
}

/**
 * The divider drawn over the stage in screen pixels (it stays thin at any zoom), dragged on
 * the image itself by its line or its handle. Screen readers and keyboards use CompareRange.
 */
export function CompareDivider({
  view,
  content,
  position,
  onPosition,
  focused,
}: {
  view: View;
  content: Size;
  position: number;
  onPosition: (position: number) => void;
  focused: boolean;
}) {
  const { t } = useTranslation('tool-run');
  const left = view.x + (position / 100) * content.width * view.scale;
  const top = Math.max(0, view.y);
  const height = content.height * view.scale - (top - view.y);
  const drag = (event: PointerEvent<HTMLDivElement>) => {
    const stage = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!stage) return;
    const x = (event.clientX - stage.left - view.x) / (content.width * view.scale);
    onPosition(Math.round(Math.min(1, Math.max(0, x)) * 1000) / 10);
  };
  // The labels sit in the image's top corners, kept inside the stage when the image is larger.
  const right = view.x + content.width * view.scale;
  const chip = 'pointer-events-none absolute rounded-full bg-zinc-950/70 px-2.5 py-1 text-xs font-medium text-white';
  return (
    <>
      <span aria-hidden="true" className={chip} style={{ top: top + 8, left: Math.max(8, view.x + 8) }}>
        {t('result.before')}
      </span>
      <span
        aria-hidden="true"
        className={chip}
        style={{ top: top + 8, right: `max(8px, calc(100% - ${right - 8}px))` }}
      >
        {t('result.after')}
      </span>
      <div
        aria-hidden="true"
        data-testid="compare-divider"
        className="group absolute w-6 -translate-x-1/2 cursor-ew-resize touch-none"
        style={{ left, top, height: Math.max(0, height) }}
        onPointerDown={(event) => {
          event.stopPropagation(); // a drag here moves the divider, not the image
          event.currentTarget.setPointerCapture(event.pointerId);
          drag(event);
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) drag(event);
        }}
      >
        <div className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.25)]" />
        <div
          className={`absolute top-1/2 left-1/2 flex size-9 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-zinc-900 shadow-lg ring-brand-500 ${focused ? 'ring-2 ring-offset-2' : ''}`}
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" role="presentation">
            <path d="M9 6 3 12l6 6V6Zm6 0v12l6-6-6-6Z" />
          </svg>
        </div>
      </div>
    </>
  );
}

/** The divider as a native range: arrow keys, Home/End and screen readers, with no code of ours. */
export function CompareRange({
  position,
  onPosition,
  onFocusChange,
}: {
  position: number;
  onPosition: (position: number) => void;
  onFocusChange: (focused: boolean) => void;
}) {
  const { t } = useTranslation('tool-run');
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('result.compare')}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={Math.round(position)}
        aria-valuetext={t('result.compareValue', { percent: Math.round(position) })}
        onChange={(event) => onPosition(Number(event.target.value))}
        onFocus={(event) => onFocusChange(event.currentTarget.matches(':focus-visible'))}
        onBlur={() => onFocusChange(false)}
        className="sr-only"
      />
    </>
  );
}
