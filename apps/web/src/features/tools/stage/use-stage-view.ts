import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { fitView, type Point, type Size, type View, ZOOM_STEP, zoomAt, zoomTo } from './stage-view.ts';

export interface StageView {
  /** The viewport element (measured; wheel and pointers are read on it). */
  ref: React.RefObject<HTMLDivElement | null>;
  view: View;
  /** The viewport's size once measured; content stays hidden until then, so it never jumps. */
  viewport: Size | null;
  /** Whether the view is the fitted one (it then follows the viewport's size). */
  fitted: boolean;
  fit: () => void;
  actualSize: () => void;
  zoomBy: (factor: number, anchor?: Point) => void;
  zoomIn: () => void;
  zoomOut: () => void;
  /** A view from a gesture (pan, pinch, wheel). */
  setView: (view: View) => void;
}

/**
 * The stage's zoom and pan state for the content shown now. A new content (another image,
 * another view of the result) starts fitted; a fitted view follows the viewport when it
 * resizes; any zoom or pan leaves "fitted" until Fit is chosen again.
 */
export function useStageView(content: Size | null): StageView {
  const ref = useRef<HTMLDivElement | null>(null);
  const [viewport, setViewport] = useState<Size | null>(null);
  const [state, setState] = useState<{ view: View; fitted: boolean }>({ view: { scale: 1, x: 0, y: 0 }, fitted: true });
  const width = content?.width ?? 0;
  const height = content?.height ?? 0;

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      setViewport((previous) =>
        previous && previous.width === rect.width && previous.height === rect.height
          ? previous
          : { width: rect.width, height: rect.height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Another content: fit it. Same content, new viewport size: refit only while fitted.
  const fittedFor = useRef('');
  useLayoutEffect(() => {
    if (!viewport || width <= 0 || height <= 0) return;
    const key = `${width}x${height}`;
    const fresh = fittedFor.current !== key;
    fittedFor.current = key;
    setState((previous) =>
      fresh || previous.fitted ? { view: fitView({ width, height }, viewport), fitted: true } : previous,
    );
  }, [width, height, viewport]);

  const centre = useCallback(
    (): Point => ({ x: (viewport?.width ?? 0) / 2, y: (viewport?.height ?? 0) / 2 }),
    [viewport],
  );
  const setView = useCallback((view: View) => setState({ view, fitted: false }), []);
  const zoomBy = useCallback(
    (factor: number, anchor?: Point) =>
      setState((previous) => ({ view: zoomAt(previous.view, factor, anchor ?? centre()), fitted: false })),
    [centre],
  );
  const fit = useCallback(() => {
    if (viewport && width > 0) setState({ view: fitView({ width, height }, viewport), fitted: true });
  }, [viewport, width, height]);
  const actualSize = useCallback(
    () => setState((previous) => ({ view: zoomTo(previous.view, 1, centre()), fitted: false })),
    [centre],
  );
  const zoomIn = useCallback(() => zoomBy(ZOOM_STEP), [zoomBy]);
  const zoomOut = useCallback(() => zoomBy(1 / ZOOM_STEP), [zoomBy]);

  return { ref, view: state.view, viewport, fitted: state.fitted, fit, actualSize, zoomBy, zoomIn, zoomOut, setView };
}
