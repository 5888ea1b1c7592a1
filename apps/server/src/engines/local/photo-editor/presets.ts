import { PHOTO_EDIT_STRENGTH, type PHOTO_EDIT_TYPES } from '@atelier/contracts';
import sharp, { type Sharp } from 'sharp';
import type { EngineContext, EngineImage } from '../../engine.ts';
import { encodeImage, fromPlanes, outputFormatOf, readPlanes } from '../image-io.ts';

export type PhotoPreset = Exclude<(typeof PHOTO_EDIT_TYPES)[number], 'custom'>;

interface Size {
  width: number;
  height: number;
}

/** Per-channel means of raw RGB: what the grey-world white balance needs. */
async function channelMeans(rgb: Buffer, { width, height }: Size): Promise<[number, number, number]> {
  const { channels } = await sharp(rgb, { raw: { width, height, channels: 3 } }).stats();
  return [channels[0]!.mean, channels[1]!.mean, channels[2]!.mean];
}

/**
 * Each preset at full strength, on opaque RGB. The strength slider then blends this over the
 * original (see `applyPreset`), so the effect grows steadily from 0.1 to 1 whatever the
 * operations are — median sizes and normalisation have no continuous parameter of their own.
 */
const FULL_EFFECT: Record<PhotoPreset, (image: Sharp, rgb: Buffer, size: Size) => Promise<Sharp> | Sharp> = {
  // Stretch the tonal range (ignoring 1 % outliers), a little more colour, crisper detail.
  enhance: (image) => image.normalise({ lower: 1, upper: 99 }).modulate({ saturation: 1.2 }).sharpen({ sigma: 1 }),
  // Lift the midtones with a gamma curve (net exponent 1/1.5) so highlights do not clip as
  // they would with a plain multiply, plus a touch of overall brightness.
  brighten: (image) => image.gamma(1, 1.5).modulate({ brightness: 1.1 }),
  sharpen: (image) => image.sharpen({ sigma: 1.6, m1: 1, m2: 3 }),
  // Grey-world white balance (each channel's mean pulled to the overall mean), then levels.
  color_correct: async (image, rgb, size) => {
    const means = await channelMeans(rgb, size);
    const grey = (means[0] + means[1] + means[2]) / 3;
    const gains = means.map((m) => (m > 1 ? Math.min(2, Math.max(0.5, grey / m)) : 1));
    return image.linear(gains, [0, 0, 0]).normalise({ lower: 0.5, upper: 99.5 });
  },
  // A painterly look: flattened texture (median), stronger colour and contours.
  artistic: (image) => image.median(7).modulate({ saturation: 1.6 }).sharpen({ sigma: 2, m2: 4 }),
};

/** Runs one photo-editor preset; the result has the upload's size, format and alpha. */
export async function applyPreset(
  source: EngineImage,
  preset: PhotoPreset,
  strength: number,
  { onProgress, signal }: EngineContext,
): Promise<EngineImage> {
  const amount = Math.min(PHOTO_EDIT_STRENGTH.max, Math.max(PHOTO_EDIT_STRENGTH.min, strength));
  onProgress(10, 'decoding');
  const { rgb, alpha, width, height } = await readPlanes(source);
  signal.throwIfAborted();
  const size = { width, height };
  const raw = { width, height, channels: 3 as const };

  onProgress(30, preset);
  const effect = await (await FULL_EFFECT[preset](sharp(rgb, { raw }), rgb, size))
    .removeAlpha()
    .ensureAlpha(amount) // the effect's opacity is the strength
    .raw()
    .toBuffer();
  signal.throwIfAborted();

  onProgress(70, 'blending');
  const blended = await sharp(rgb, { raw })
    .composite([{ input: effect, raw: { width, height, channels: 4 } }])
    .removeAlpha()
    .raw()
    .toBuffer();
  onProgress(90, 'encoding');
  return encodeImage(fromPlanes(blended, width, height, alpha), outputFormatOf(source, alpha !== null));
}
