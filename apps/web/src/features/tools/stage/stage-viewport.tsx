import { clsx } from 'clsx';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTextField } from '../shortcuts/shortcuts.ts';
import {
  isTrackpadScroll,
  type Point,
  panBy,
  pinchView,
  type Size,
  toContent,
  type View,
  wheelZoomFactor,
} from './stage-view.ts';
import type { StageView } from './use-stage-view.ts';

/** A drag that paints instead of panning (the mask painter), in image pixels. */
export interface PaintGesture {
  start: (point: Point, scale: number) => void;
  move: (point: Point) => void;
  end: () => void;
  /** A second finger landed: the stroke the first one began was the start of a pinch. */
  cancel: () => void;
}

/** Arrow keys move a focused stage by this many CSS pixels (Shift: four times as far). */
const KEY_PAN = 48;

type Gesture =
  | { kind: 'pan'; last: Point }
  | { kind: 'paint' }
  | { kind: 'pinch'; start: View; from: [Point, Point]; ids: [number, number] }
  | { kind: 'none' };

interface StageViewportProps {
  stage: StageView;
  content: Size | null;
  /** What a primary-button drag or one finger does: move the view, or paint. */
  paint?: PaintGesture;
  label: string;
  /** Layers drawn in the image's own pixels (they zoom and pan). */
  children?: ReactNode;
  /** Drawn over the content in viewport pixels (a divider, the brush circle): gets the view and the pointer. */
  overlay?: (view: View, pointer: Point | null) => ReactNode;
  /** Shown instead of zoomable content when there is none (the empty stage, a grid of results). */
  flat?: ReactNode;
}

/**
 * The stage's zoomable area. Wheel or trackpad pinch zooms around the pointer, a trackpad's
 * two-finger scroll pans; drag pans (with Space held or the middle button while painting);
 * two fingers pinch and pan; arrow keys pan when it has focus. Gestures go through the pure
 * maths of stage-view.ts.
 */
export function StageViewport({ stage, content, paint, label, children, overlay, flat }: StageViewportProps) {
  const { t } = useTranslation('tool-run');
  const helpId = useId();
  const { ref, view, viewport, setView } = stage;
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>({ kind: 'none' });
  const [pointer, setPointer] = useState<Point | null>(null);
  const [spaceHeld, setSpaceHeld] = useState(false);
  const [dragging, setDragging] = useState(false);
  const hovering = useRef(false);
  const viewRef = useRef(view);
  viewRef.current = view;
  const zoomable = content !== null;

  // Wheel: React's onWheel is passive, so the page would scroll as well; listen directly.
  useEffect(() => {
    const element = ref.current;
    if (!element || !zoomable) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const current = viewRef.current;
      if (isTrackpadScroll(event)) {
        setView(panBy(current, -event.deltaX, -event.deltaY));
        return;
      }
      const rect = element.getBoundingClientRect();
      const anchor = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      stage.zoomBy(wheelZoomFactor(event.deltaY, event.deltaMode, event.ctrlKey), anchor);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [ref, zoomable, setView, stage.zoomBy]);

  // Space held over the stage turns a drag into a pan (as in every image editor).
  useEffect(() => {
    if (!zoomable) return;
    const down = (event: globalThis.KeyboardEvent) => {
      if (event.key !== ' ' || !hovering.current || isTextField(event.target)) return;
      if (event.target instanceof HTMLButtonElement || event.target instanceof HTMLInputElement) return;
      event.preventDefault(); // not a page scroll
      setSpaceHeld(true);
    };
    const up = (event: globalThis.KeyboardEvent) => {
      if (event.key === ' ') setSpaceHeld(false);
    };
    const release = () => setSpaceHeld(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', release);
    };
  }, [zoomable]);

  const local = (event: PointerEvent): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!zoomable) return;
    const point = local(event);
    pointers.current.set(event.pointerId, point);
    event.currentTarget.setPointerCapture(event.pointerId);
    if (event.pointerType === 'touch' && pointers.current.size === 2) {
      if (gesture.current.kind === 'paint') paint?.cancel();
      const [[idA, a], [idB, b]] = [...pointers.current.entries()] as [[number, Point], [number, Point]];
      gesture.current = { kind: 'pinch', start: viewRef.current, from: [a, b], ids: [idA, idB] };
      return;
    }
    if (pointers.current.size > 1) return;
    const panButton = event.button === 1 || (event.button === 0 && (spaceHeld || !paint));
    if (panButton) {
      event.preventDefault(); // the middle button would start the browser's autoscroll
      gesture.current = { kind: 'pan', last: point };
      setDragging(true);
    } else if (event.button === 0 && paint) {
      gesture.current = { kind: 'paint' };
      paint.start(toContent(viewRef.current, point), viewRef.current.scale);
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const point = local(event);
    if (event.pointerType !== 'touch') setPointer(point);
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, point);
    const current = gesture.current;
    if (current.kind === 'pinch') {
      const a = pointers.current.get(current.ids[0]);
      const b = pointers.current.get(current.ids[1]);
      if (a && b) setView(pinchView(current.start, current.from, [a, b]));
    } else if (current.kind === 'pan') {
      setView(panBy(viewRef.current, point.x - current.last.x, point.y - current.last.y));
      current.last = point;
    } else if (current.kind === 'paint') {
      paint?.move(toContent(viewRef.current, point));
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (current.kind === 'paint') paint?.end();
    // A pinch lasts until every finger has lifted: the one left behind neither pans nor paints.
    if (current.kind !== 'pinch' || pointers.current.size === 0) gesture.current = { kind: 'none' };
    if (pointers.current.size === 0) setDragging(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_PAN * 4 : KEY_PAN;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (!move || !zoomable || event.target !== event.currentTarget) return;
    event.preventDefault();
    setView(panBy(view, move[0], move[1]));
  };

  const panning = spaceHeld || !paint;
  return (
    // A group, not a fieldset: it holds an image to look at, not form controls.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div
      ref={ref}
      role="group"
      aria-label={label}
      aria-describedby={zoomable ? helpId : undefined}
      tabIndex={zoomable ? 0 : undefined}
      data-testid="stage-viewport"
      className={clsx(
        'relative min-h-0 flex-1 touch-none overflow-hidden outline-none select-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset',
        zoomable && (dragging ? 'cursor-grabbing' : panning ? 'cursor-grab' : 'cursor-none'),
      )}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerEnter={() => {
        hovering.current = true;
      }}
      onPointerLeave={() => {
        hovering.current = false;
        setPointer(null);
      }}
      onKeyDown={onKeyDown}
      onAuxClick={(event) => event.preventDefault()}
    >
      {zoomable ? (
        <>
          <span id={helpId} className="sr-only">
            {t('stage.gestures')}
          </span>
          <div
            data-testid="stage-content"
            className={clsx('absolute top-0 left-0 origin-top-left', !viewport && 'invisible')}
            style={{
              width: content.width,
              height: content.height,
              transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
              // Past 200 % the pixels themselves are what one looks at: keep them sharp.
              imageRendering: view.scale > 2 ? 'pixelated' : undefined,
            }}
          >
            {children}
          </div>
          {viewport && overlay?.(view, dragging || spaceHeld ? null : pointer)}
        </>
      ) : (
        flat
      )}
    </div>
  );
}
