import type { Size } from '../stage/stage-view.ts';
import {
  isBlankLayer,
  layerFromMaskPixels,
  type MaskOp,
  maskFitsImage,
  maskPixelsFromLayer,
  type Stroke,
  visibleLayer,
} from './mask-layer.ts';

/** The canvas side of the mask layer (mask-layer.ts): drawing strokes, uploads and the export. */

/** An uploaded mask, scaled to the image and turned into layer pixels (white with alpha). */
export type MaskLayerImage = ImageBitmap;

function context(canvas: HTMLCanvasElement | OffscreenCanvas) {
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!ctx) throw new Error('No 2D canvas');
  return ctx;
}

/** Draws strokes in white: the brush adds to the layer, the eraser cuts it away. */
export function drawStrokes(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, strokes: Stroke[]) {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#fff';
  ctx.fillStyle = '#fff';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    ctx.globalCompositeOperation = stroke.erase ? 'destination-out' : 'source-over';
    ctx.lineWidth = stroke.size;
    ctx.beginPath();
    if (rest.length === 0) {
      // A click without a drag still marks a dot.
      ctx.arc(first[0], first[1], stroke.size / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.stroke();
  }
  ctx.globalCompositeOperation = 'source-over';
}

/** Redraws the layer from the history: the latest upload (if any) and the strokes after it. */
export function renderLayer(canvas: HTMLCanvasElement, done: readonly MaskOp<MaskLayerImage>[]) {
  const ctx = context(canvas);
  const { base, strokes } = visibleLayer(done);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (base) ctx.drawImage(base, 0, 0, canvas.width, canvas.height);
  drawStrokes(ctx, strokes);
}

/** The layer as the mask file the inpainting API takes (white = change), or null when nothing is marked. */
export async function exportMask(canvas: HTMLCanvasElement): Promise<File | null> {
  const layer = context(canvas).getImageData(0, 0, canvas.width, canvas.height);
  if (isBlankLayer(layer.data)) return null;
  const out = new OffscreenCanvas(canvas.width, canvas.height);
  context(out).putImageData(new ImageData(maskPixelsFromLayer(layer.data), canvas.width, canvas.height), 0, 0);
  const blob = await out.convertToBlob({ type: 'image/png' });
  return new File([blob], 'mask.png', { type: 'image/png' });
}

export type MaskUploadProblem = 'notAnImage' | 'aspect';

/**
 * Reads an uploaded black-and-white mask into a layer for `image`: scaled to the image's size,
 * its brightness becoming the layer's alpha. A file that does not decode, or whose shape is
 * not the image's, is refused with the reason.
 */
export async function layerFromMaskFile(
  file: Blob,
  image: Size,
): Promise<{ layer: MaskLayerImage } | { problem: MaskUploadProblem; size?: Size }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { problem: 'notAnImage' };
  }
  const size = { width: bitmap.width, height: bitmap.height };
  if (!maskFitsImage(image, size)) {
    bitmap.close();
    return { problem: 'aspect', size };
  }
  const scaled = new OffscreenCanvas(image.width, image.height);
  const ctx = context(scaled);
  ctx.drawImage(bitmap, 0, 0, image.width, image.height);
  bitmap.close();
  const pixels = ctx.getImageData(0, 0, image.width, image.height);
  ctx.putImageData(new ImageData(layerFromMaskPixels(pixels.data), image.width, image.height), 0, 0);
  return { layer: await createImageBitmap(scaled) };
}
