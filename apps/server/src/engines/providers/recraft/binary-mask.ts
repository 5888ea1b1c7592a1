import sharp from 'sharp';
import type { EngineImage } from '../../engine.ts';

/** Grey levels at or above this become white (regenerate); the rest black (keep). */
const MASK_THRESHOLD = 128;

/**
 * The mask as one 0/255 value per pixel of the image (255 = regenerate). Brush strokes arrive
 * anti-aliased, possibly with alpha and at another size, so the mask is flattened on black,
 * stretched to the image and thresholded.
 */
export async function binaryMaskPixels(image: EngineImage, mask: EngineImage): Promise<Uint8Array> {
  const { width, height } = image;
  const grey = await sharp(mask.data)
    .flatten({ background: '#000000' })
    .resize(width, height, { fit: 'fill' })
    .grayscale()
    .extractChannel(0)
    .raw()
    .toBuffer();
  return grey.map((v) => (v >= MASK_THRESHOLD ? 255 : 0));
}

/**
 * Recraft's inpaint mask must be a grayscale image of exactly the image's size whose every pixel
 * is 0 (keep) or 255 (regenerate). The PNG is written in the b-w colourspace: libvips would
 * otherwise save it as sRGB (3 channels).
 */
export async function binaryMaskFor(image: EngineImage, mask: EngineImage): Promise<Buffer> {
  const { width, height } = image;
  const binary = await binaryMaskPixels(image, mask);
  return sharp(binary, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}
