import {
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_MESSAGES,
  IMAGE_MIN_SIDE,
  INPUT_IMAGE_FORMATS,
  UPLOAD_MAX_BYTES,
} from '@atelier/contracts';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../http/app-error.ts';

export interface IdentifiedImage {
  data: Buffer;
  format: (typeof INPUT_IMAGE_FORMATS)[number];
  mediaType: string;
  extension: string;
  width: number;
  height: number;
}

const MEDIA: Record<IdentifiedImage['format'], { mediaType: string; extension: string }> = {
  jpeg: { mediaType: 'image/jpeg', extension: 'jpg' },
  png: { mediaType: 'image/png', extension: 'png' },
  webp: { mediaType: 'image/webp', extension: 'webp' },
};

/**
 * Identifies an upload by its bytes — never by its name or declared type — and applies the
 * upload limits (10 MB; each side 64–4096 px; 4096² pixels). Only the header is read here
 * (sharp's metadata), so the pixel
 * limits refuse a decompression bomb before anything is decoded.
 */
export async function identifyImage(data: Buffer, field = 'image'): Promise<IdentifiedImage> {
  if (data.byteLength > UPLOAD_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLargeBytes, { fields: { [field]: 'too large' } });
  }
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('INVALID_IMAGE', IMAGE_MESSAGES.invalid, { fields: { [field]: 'not an image' } });
  }
  const format = INPUT_IMAGE_FORMATS.find((f) => f === meta.format);
  if (!format || !meta.width || !meta.height) {
    throw new AppError('INVALID_IMAGE', IMAGE_MESSAGES.invalid, { fields: { [field]: 'unsupported format' } });
  }
  // EXIF orientation 5–8 swaps the sides once the image is turned upright.
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (width < IMAGE_MIN_SIDE || height < IMAGE_MIN_SIDE) {
    throw new AppError('IMAGE_TOO_SMALL', IMAGE_MESSAGES.tooSmall, { fields: { [field]: 'too small' } });
  }
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new AppError('IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLargeSide, { fields: { [field]: 'too large' } });
  }
  await assertDecodes(data, field);
  return { data, format, width, height, ...MEDIA[format] };
}

/**
 * A header can be whole while the pixels behind it are not (a truncated or corrupt file): the
 * image is decoded once, shrunk on load where the format allows it, so such a file is refused
 * as INVALID_IMAGE before anything is charged rather than failing inside an engine later. Only
 * after the size checks: what is decoded here is already bounded.
 */
async function assertDecodes(data: Buffer, field: string): Promise<void> {
  try {
    await sharp(data, { failOn: 'truncated' })
      .resize(DECODE_PROBE_SIDE, DECODE_PROBE_SIDE, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw new AppError('INVALID_IMAGE', IMAGE_MESSAGES.invalid, { fields: { [field]: 'cannot be decoded' } });
  }
}

/** The side the decode check shrinks to: small, so the check costs little memory. */
const DECODE_PROBE_SIDE = 64;
