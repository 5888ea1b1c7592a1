import { AVATAR_SIZE_PX, IMAGE_MAX_PIXELS } from '@atelier/contracts';
import sharp from 'sharp';
import { AppError } from '../../platform/http/app-error.ts';

/** What an avatar may be, judged by its bytes (spec: JPG, PNG, GIF; WebP too). */
const AVATAR_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

const invalidImage = () => new AppError('INVALID_IMAGE', 'Please select an image file');

/**
 * Turns uploaded bytes into the stored avatar: decoded (so a renamed text file or a truncated
 * image is refused whatever its name or declared type), oriented, cropped to a square, and
 * re-encoded as WebP. Re-encoding drops every metadata block (EXIF location, comments) and
 * anything hidden after the image data. The pixel limit applies before decoding, against
 * decompression bombs.
 */
export async function normalizeAvatar(bytes: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata()).format;
  } catch {
    throw invalidImage();
  }
  if (!format || !AVATAR_FORMATS.has(format)) throw invalidImage();
  try {
    return await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
}
