import type { EngineContext, EngineImage } from '../../engine.ts';
import { encodeImage, fromPlanes, readPlanes } from '../image-io.ts';
import { segmentSubject } from '../segmentation/isnet-session.ts';

/**
 * The subject cut out: the upload's pixels with ISNet's mask as alpha (multiplied with any
 * alpha the upload already had), as PNG. Used by the eraser and by replace-background.
 */
export async function cutOutSubject(image: EngineImage, { onProgress, signal }: EngineContext): Promise<EngineImage> {
  const mask = await segmentSubject(image, signal, (fraction, stage) => onProgress(5 + fraction * 80, stage));
  const { rgb, alpha, width, height } = await readPlanes(image);
  const combined = Buffer.from(mask.alpha);
  if (alpha) for (let i = 0; i < combined.length; i++) combined[i] = Math.round((combined[i]! * alpha[i]!) / 255);
  onProgress(90, 'encoding');
  return encodeImage(fromPlanes(rgb, width, height, combined), 'png');
}
