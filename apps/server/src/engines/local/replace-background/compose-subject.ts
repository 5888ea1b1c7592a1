import sharp from 'sharp';
import type { EngineImage } from '../../engine.ts';
import { encodeImage } from '../image-io.ts';

/**
 * Replace-background: the subject cut out by the server segmentation (`cutOutSubject`),
 * laid over a generated background — the demo engine's or a provider's image. The background
 * is scaled to cover the subject's frame, so the output has the upload's size.
 */
export async function composeSubjectOver(cutout: EngineImage, background: EngineImage): Promise<EngineImage> {
  const { width, height } = cutout;
  const backdrop = await sharp(background.data)
    .rotate()
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .toBuffer();
  return encodeImage(sharp(backdrop).composite([{ input: cutout.data }]), 'png');
}
