import type { EngineContext, EngineImage } from '../../engine.ts';
import { encodeImage, fromPlanes, type RawPlanes, readPlanes } from '../image-io.ts';
import { segmentSubject } from '../segmentation/isnet-session.ts';

/** A cut-out as pixels: upright RGB and the subject's alpha, which a cut-out always has. */
export type CutOut = RawPlanes & { alpha: Buffer };

/**
 * The subject cut out, as pixels: the upload decoded once, ISNet's mask as alpha, multiplied
 * with any alpha the upload already had (its transparency stays). Replace-background composes
 * these pixels directly, without a PNG in between.
 */
export async function cutOutPixels(image: EngineImage, { onProgress, signal }: EngineContext): Promise<CutOut> {
  const { rgb, alpha, width, height } = await readPlanes(image);
  const mask = await segmentSubject({ rgb, width, height }, signal, (fraction, stage) =>
    onProgress(5 + fraction * 80, stage),
  );
  if (alpha) for (let i = 0; i < mask.alpha.length; i++) mask.alpha[i] = Math.round((mask.alpha[i]! * alpha[i]!) / 255);
  return { rgb, alpha: mask.alpha, width, height };
}

/** The eraser's result: the cut-out as PNG. */
export async function cutOutSubject(image: EngineImage, context: EngineContext): Promise<EngineImage> {
  const { rgb, alpha, width, height } = await cutOutPixels(image, context);
  context.onProgress(90, 'encoding');
  return encodeImage(fromPlanes(rgb, width, height, alpha), 'png');
}
