import { useCallback, useEffect, useRef, useState } from 'react';
import type { Point, Size } from '../stage/stage-view.ts';
import { drawStrokes, exportMask, layerFromMaskFile, type MaskLayerImage, renderLayer } from './mask-canvas.ts';
import {
  BRUSH_SIZE,
  canClear,
  emptyHistory,
  type MaskHistory,
  type MaskOp,
  nextBrushSize,
  record,
  redo,
  type Stroke,
  undo,
} from './mask-layer.ts';

/** The colour the mask is shown in over the image (the canvas itself is semi-transparent). */
const OVERLAY_TINT = 'rgb(139 92 246)';

export type MaskUploadResult = { ok: true } | { ok: false; problem: 'notAnImage' | 'aspect'; size?: Size };

export interface MaskPainter {
  brush: number;
  setBrush: (size: number) => void;
  erase: boolean;
  setErase: (erase: boolean) => void;
  smaller: () => void;
  larger: () => void;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  undo: () => void;
  redo: () => void;
  clear: () => void;
  /** Loads a black-and-white mask (white = change) into the layer, as one undoable step. */
  upload: (file: Blob) => Promise<MaskUploadResult>;
  /** The mask as it is now, exported at once: what a run sends, even right after the last stroke. */
  currentMask: () => Promise<File | null>;
  /** The visible overlay canvas (in the stage) draws the layer whenever it is attached. */
  overlayRef: (canvas: HTMLCanvasElement | null) => void;
  /** A drag of the brush, in image pixels; `scale` is the stage's zoom, for the brush's size. */
  strokeStart: (point: Point, scale: number) => void;
  strokeMove: (point: Point) => void;
  strokeEnd: () => void;
  strokeCancel: () => void;
}

/**
 * The inpainting mask of one image: one layer edited by uploads and strokes with one undo
 * history (mask-layer.ts). The layer lives in a canvas of the image's own size that is never
 * shown; the stage shows it tinted, and `onMask` gets it as the file to send after every change.
 */
export function useMaskPainter(
  image: (Size & { url: string }) | null,
  onMask: (mask: File | null) => void,
): MaskPainter {
  const [history, setHistory] = useState<MaskHistory<MaskLayerImage>>(emptyHistory);
  const [erase, setErase] = useState(false);
  const [brush, setBrushState] = useState<number>(BRUSH_SIZE.default);
  const layer = useRef<HTMLCanvasElement | null>(null);
  const overlay = useRef<HTMLCanvasElement | null>(null);
  const live = useRef<Stroke | null>(null);
  const width = image?.width ?? 0;
  const height = image?.height ?? 0;
  const url = image?.url;

  const paintOverlay = useCallback(() => {
    const canvas = overlay.current;
    const source = layer.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !source) return;
    ctx.globalCompositeOperation = 'source-over';
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(source, 0, 0);
    ctx.globalCompositeOperation = 'source-in';
    ctx.fillStyle = OVERLAY_TINT;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.globalCompositeOperation = 'source-over';
  }, []);

  // A new image starts a new mask.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the url names the image; a new one starts over
  useEffect(() => {
    setHistory(emptyHistory());
    if (width <= 0 || height <= 0) {
      layer.current = null;
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    layer.current = canvas;
  }, [url, width, height]);

  // Every change: redraw the layer from the history, show it, hand the page the mask to send.
  const latestOnMask = useRef(onMask);
  latestOnMask.current = onMask;
  useEffect(() => {
    const canvas = layer.current;
    if (!canvas) return;
    renderLayer(canvas, history.done);
    paintOverlay();
    let current = true;
    void exportMask(canvas).then((file) => current && latestOnMask.current(file));
    return () => {
      current = false;
    };
  }, [history, paintOverlay]);

  const overlayRef = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      overlay.current = canvas;
      if (canvas) paintOverlay();
    },
    [paintOverlay],
  );

  const strokeStart = useCallback(
    (point: Point, scale: number) => {
      live.current = { erase, size: brush / scale, points: [[point.x, point.y]] };
      const ctx = overlay.current?.getContext('2d');
      if (ctx) drawLive(ctx, live.current, live.current.points);
    },
    [erase, brush],
  );
  const strokeMove = useCallback((point: Point) => {
    const stroke = live.current;
    if (!stroke) return;
    stroke.points.push([point.x, point.y]);
    // Only the newest segment while dragging; the whole layer is redrawn when the stroke ends.
    const ctx = overlay.current?.getContext('2d');
    if (ctx) drawLive(ctx, stroke, stroke.points.slice(-2));
  }, []);
  const strokeEnd = useCallback(() => {
    const stroke = live.current;
    live.current = null;
    if (stroke) setHistory((previous) => record(previous, { kind: 'stroke', stroke }));
  }, []);
  const strokeCancel = useCallback(() => {
    live.current = null;
    paintOverlay();
  }, [paintOverlay]);

  const push = (op: MaskOp<MaskLayerImage>) => setHistory((previous) => record(previous, op));
  const upload = async (file: Blob): Promise<MaskUploadResult> => {
    if (width <= 0) return { ok: false, problem: 'notAnImage' };
    const read = await layerFromMaskFile(file, { width, height });
    if ('problem' in read) return { ok: false, ...read };
    push({ kind: 'upload', layer: read.layer });
    return { ok: true };
  };

  return {
    brush,
    setBrush: (size) => setBrushState(Math.min(BRUSH_SIZE.max, Math.max(BRUSH_SIZE.min, Math.round(size)))),
    erase,
    setErase,
    smaller: () => setBrushState((size) => nextBrushSize(size, -1)),
    larger: () => setBrushState((size) => nextBrushSize(size, 1)),
    canUndo: history.done.length > 0,
    canRedo: history.undone.length > 0,
    canClear: canClear(history),
    undo: () => setHistory(undo),
    redo: () => setHistory(redo),
    clear: () => {
      if (canClear(history)) push({ kind: 'clear' });
    },
    upload,
    currentMask: async () => (layer.current ? exportMask(layer.current) : null),
    overlayRef,
    strokeStart,
    strokeMove,
    strokeEnd,
    strokeCancel,
  };
}

/** Draws part of a live stroke on the overlay in the tint (the eraser cuts the tint away). */
function drawLive(ctx: CanvasRenderingContext2D, stroke: Stroke, points: [number, number][]) {
  ctx.save();
  drawStrokes(ctx, [{ ...stroke, points }]);
  // drawStrokes paints white; re-tint what this segment painted.
  if (!stroke.erase) {
    ctx.globalCompositeOperation = 'source-atop';
    ctx.fillStyle = OVERLAY_TINT;
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  }
  ctx.restore();
}
