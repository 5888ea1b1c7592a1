import { ARTWORK_SHARE_IMAGE, ARTWORK_THUMBNAIL_WIDTHS } from '@atelier/contracts';
import sharp from 'sharp';

export interface Thumbnail {
  width: number;
  height: number;
  data: Buffer;
}

/** Run outputs are Atelier's own files, but a bound on decoded pixels costs nothing. */
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

const SHARE_JPEG_QUALITY = 82;
/** Room around the artwork on its share image: previews that crop the edges a little keep it whole. */
const SHARE_MARGIN = 32;
/** A vector artwork is drawn at twice the default 72 dpi, so its share image is not blurred by enlarging. */
const VECTOR_DENSITY = 144;

/**
 * An artwork's picture for link previews (ARTWORK_SHARE_IMAGE): the whole artwork, enlarged
 * or reduced to fit, centred on a blurred, darkened copy of itself that fills the 1.91:1 frame,
 * as a JPEG. Transparency (a background removal's output) is flattened on white first.
 */
export async function makeShareImage(image: Buffer): Promise<Buffer> {
  const { width, height } = ARTWORK_SHARE_IMAGE;
  // Decoded once, as raw pixels, for both layers.
  const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, density: VECTOR_DENSITY })
    .rotate()
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [backdrop, artwork] = await Promise.all([
    pixels().resize(width, height, { fit: 'cover' }).blur(40).modulate({ brightness: 0.75 }).png().toBuffer(),
    pixels()
      .resize(width - 2 * SHARE_MARGIN, height - 2 * SHARE_MARGIN, { fit: 'inside' })
      .png()
      .toBuffer(),
  ]);
  return sharp(backdrop)
    .composite([{ input: artwork, gravity: 'centre' }])
    .jpeg({ quality: SHARE_JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}
