import sharp from 'sharp';
import type { EngineContext, EngineImage } from '../../engine.ts';
import { decodeUpright, encodeImage, fromPlanes, readPlanes } from '../image-io.ts';
import { segmentSubject } from '../segmentation/isnet-session.ts';

/**
 * The subject cut out: the upload's pixels with ISNet's mask as alpha (multiplied with any
 * alpha the upload already had), as PNG. Used by the eraser and by replace-background.
 */
export async function cutOutSubject(image: EngineImage, { onProgress, signal }: EngineContext): Promise<EngineImage> {
  const mask = await segmentSubject(image, signal, (fraction, stage) => onProgress(5 + fraction * 80, stage));
  const { width, height } = mask;
  onProgress(90, 'encoding');
  const { hasAlpha } = await sharp(image.data).metadata(); // read from the header, ~0.3 ms
  if (!hasAlpha) {
    // The common case, all in libvips: decode, put the mask in as alpha, encode.
    const rgb = decodeUpright(image).toColourspace('srgb');
    return encodeImage(rgb.joinChannel(mask.alpha, { raw: { width, height, channels: 1 } }), 'png');
  }
  // An upload with its own transparency keeps it: both alphas multiply.
  const { rgb, alpha } = await readPlanes(image);
  const combined = Buffer.from(mask.alpha);
  for (let i = 0; i < combined.length; i++) combined[i] = Math.round((combined[i]! * alpha![i]!) / 255);
  return encodeImage(fromPlanes(rgb, width, height, combined), 'png');
}
