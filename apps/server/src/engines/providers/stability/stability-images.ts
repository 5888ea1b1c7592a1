import sharp from 'sharp';
import type { EngineImage } from '../../engine.ts';

/**
 * The image within an endpoint's pixel limit (Stability's edits take up to 9.4 MP,
 * background removal 4.2 MP, the upscalers 1 MP), where Atelier accepts up to 16.7 MP. A larger
 * image is shrunk to fit, keeping its aspect, rather than refused: an upscale of the shrunk image
 * still comes back larger than the upload. It is turned upright first, as its width and height
 * already are, and keeps its format.
 */
export async function fitPixels(image: EngineImage, maxPixels: number): Promise<EngineImage> {
  const { width, height } = image;
  if (width * height <= maxPixels) return image;
  const scale = Math.sqrt(maxPixels / (width * height));
  const w = Math.max(1, Math.floor(width * scale));
  const h = Math.max(1, Math.floor(height * scale));
  const resized = sharp(image.data).rotate().resize(w, h, { fit: 'fill' });
  const data = await (image.mediaType === 'image/jpeg'
    ? resized.jpeg({ quality: 92 })
    : image.mediaType === 'image/webp'
      ? resized.webp({ quality: 92 })
      : resized.png()
  ).toBuffer();
  return { data, mediaType: image.mediaType, width: w, height: h };
}
