import type { Size } from '../stage/stage-view.ts';

/**
 * The inpainting mask as one layer with two ways in (an uploaded mask and brush strokes) and
 * one history: pure data and pixel functions here, the canvas work in mask-canvas.ts.
 *
 * The layer is white with an alpha channel: alpha is how strongly a pixel is marked. The
 * painter shows it tinted over the image; the mask sent to the server is the same layer on
 * black (white = area to change), so what is sent is what is shown.
 */

/** One drag of the brush or the eraser, in the image's own pixels so the mask matches the image. */
export interface Stroke {
  erase: boolean;
  /** Diameter in image pixels. */
  size: number;
  points: [number, number][];
}

/**
 * What changes the layer: a stroke, an uploaded mask (it replaces the layer, already scaled
 * to the image: `layer` is whatever the canvas code draws it from), or clearing everything.
 */
export type MaskOp<Layer> = { kind: 'stroke'; stroke: Stroke } | { kind: 'upload'; layer: Layer } | { kind: 'clear' };

export interface MaskHistory<Layer> {
  done: readonly MaskOp<Layer>[];
  /** Undone operations, the most recently undone last; a new operation drops them. */
  undone: readonly MaskOp<Layer>[];
}

export const emptyHistory = <Layer>(): MaskHistory<Layer> => ({ done: [], undone: [] });

export function record<Layer>(history: MaskHistory<Layer>, op: MaskOp<Layer>): MaskHistory<Layer> {
  return { done: [...history.done, op], undone: [] };
}

export function undo<Layer>(history: MaskHistory<Layer>): MaskHistory<Layer> {
  const last = history.done.at(-1);
  if (!last) return history;
  return { done: history.done.slice(0, -1), undone: [...history.undone, last] };
}

export function redo<Layer>(history: MaskHistory<Layer>): MaskHistory<Layer> {
  const next = history.undone.at(-1);
  if (!next) return history;
  return { done: [...history.done, next], undone: history.undone.slice(0, -1) };
}

/**
 * What the layer shows now: the latest uploaded mask (if nothing cleared it since) and the
 * strokes drawn after it. A clear or an upload starts the layer again, so earlier operations
 * no longer show, yet stay in the history for undo.
 */
export function visibleLayer<Layer>(done: readonly MaskOp<Layer>[]): { base: Layer | null; strokes: Stroke[] } {
  let start = 0;
  for (let i = done.length - 1; i >= 0; i--) {
    if (done[i]?.kind !== 'stroke') {
      start = i;
      break;
    }
  }
  const first = done[start];
  const base = first?.kind === 'upload' ? first.layer : null;
  const strokes = done.slice(start).flatMap((op) => (op.kind === 'stroke' ? [op.stroke] : []));
  return { base, strokes };
}

/** Clearing is offered only when it would change something. */
export function canClear<Layer>(history: MaskHistory<Layer>): boolean {
  const { base, strokes } = visibleLayer(history.done);
  return base !== null || strokes.length > 0;
}

/**
 * An uploaded mask's pixels (RGBA) as layer pixels: white, with alpha from the mask's
 * brightness (white = change). A transparent pixel of the upload counts as black.
 */
export function layerFromMaskPixels(rgba: Uint8ClampedArray): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    // Rec. 601 luma, the usual reading of a grey mask.
    const luma = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
    out[i] = 255;
    out[i + 1] = 255;
    out[i + 2] = 255;
    out[i + 3] = Math.round((luma * rgba[i + 3]!) / 255);
  }
  return out;
}

/** The layer's pixels as the mask the inpainting API takes: opaque, white where marked, black elsewhere. */
export function maskPixelsFromLayer(layer: Uint8ClampedArray): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(layer.length);
  for (let i = 0; i < layer.length; i += 4) {
    const value = layer[i + 3]!;
    out[i] = value;
    out[i + 1] = value;
    out[i + 2] = value;
    out[i + 3] = 255;
  }
  return out;
}

/** Nothing marked: the page then has no mask to send ("Paint over what should change, or upload a mask"). */
export function isBlankLayer(layer: Uint8ClampedArray): boolean {
  for (let i = 3; i < layer.length; i += 4) if (layer[i] !== 0) return false;
  return true;
}

/**
 * A mask may have another resolution than the image, but not another shape: scaled to the
 * image's width, its height must be within a pixel (or 1 %) of the image's. Otherwise the
 * marked area would land somewhere else than where it was drawn.
 */
export function maskFitsImage(image: Size, mask: Size): boolean {
  if (mask.width <= 0 || mask.height <= 0) return false;
  const scaledHeight = (mask.height * image.width) / mask.width;
  return Math.abs(scaledHeight - image.height) <= Math.max(1, image.height * 0.01);
}

/** The brush's diameter on screen, in CSS pixels: what the cursor circle shows. */
export const BRUSH_SIZE = { min: 4, max: 200, default: 40 } as const;

/** [ and ]: about 20 % smaller or larger, always by at least a pixel, within the limits. */
export function nextBrushSize(size: number, direction: 1 | -1): number {
  const scaled =
    direction > 0 ? Math.max(size + 1, Math.round(size * 1.2)) : Math.min(size - 1, Math.round(size / 1.2));
  return Math.min(BRUSH_SIZE.max, Math.max(BRUSH_SIZE.min, scaled));
}
