import sharp from 'sharp';
import type { EngineImage } from '../../engine.ts';
import { binaryMaskPixels } from '../recraft/binary-mask.ts';

/**
 * OpenAI's edit mask is a PNG of the image's size whose fully transparent pixels (alpha 0) mark
 * where to edit. Atelier's mask is white where to inpaint, so its thresholded
 * pixels become the alpha channel inverted: white → alpha 0, black → alpha 255 (opaque black).
 */
export async function alphaMaskFor(image: EngineImage, mask: EngineImage): Promise<Buffer> {
  const { width, height } = image;
  const binary = await binaryMaskPixels(image, mask);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < binary.length; i++) rgba[i * 4 + 3] = 255 - binary[i]!;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
