import type { EngineContext, EngineImage } from '../../engine.ts';
import { encodeImage, fromPlanes, readPlanes } from '../image-io.ts';
import { segmentSubject } from '../segmentation/isnet-session.ts';

/**
 * The subject cut out: the upload's pixels with ISNet's mask as alpha (multiplied with any
 * alpha the upload already had), as PNG. Used by the eraser and by replace-background. The
 * upload is decoded once, for the mask and for the result.
 */
export async function cutOutSubject(image: EngineImage, { onProgress, signal }: EngineContext): Promise<EngineImage> {
  const { rgb, alpha, width, height } = await readPlanes(image);
  const mask = await segmentSubject({ rgb, width, height }, signal, (fraction, stage) =>
    onProgress(5 + fraction * 80, stage),
  );
  onProgress(90, 'encoding');
  // An upload with its own transparency keeps it: both alphas multiply.
  if (alpha) for (let i = 0; i < mask.alpha.length; i++) mask.alpha[i] = Math.round((mask.alpha[i]! * alpha[i]!) / 255);
  return encodeImage(fromPlanes(rgb, width, height, mask.alpha), 'png');
}
