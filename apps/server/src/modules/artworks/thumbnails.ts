import { ARTWORK_THUMBNAIL_WIDTHS } from '@atelier/contracts';
import sharp from 'sharp';

export interface Thumbnail {
  width: number;
  height: number;
  data: Buffer;
}

/** Run outputs are Atelier's own files, but a bound on decoded pixels costs nothing (DESIGN §3). */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP_QUALITY = 80;

/**
 * WebP thumbnails of an image, one per contract width, made once when an artwork is saved so
 * the gallery never resizes on a request. An image narrower than a width is not enlarged: that
 * thumbnail is simply the image at its own size. SVG input is rasterised.
 */
export async function makeThumbnails(image: Buffer): Promise<Thumbnail[]> {
  return Promise.all(
    ARTWORK_THUMBNAIL_WIDTHS.map(async (width) => {
      const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate() // honour EXIF orientation before the EXIF is dropped
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data };
    }),
  );
}
