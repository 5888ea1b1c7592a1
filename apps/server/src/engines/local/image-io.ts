import { IMAGE_MAX_PIXELS } from '@atelier/contracts';
import sharp, { type Sharp } from 'sharp';
import type { EngineImage } from '../engine.ts';
import { computeThreads } from './compute-threads.ts';

// libvips uses one thread by default on glibc Linux; two roughly halve the heavy pipelines
// (measured when the engines were chosen). In a pool process it gets that process's share of the cores.
sharp.concurrency(computeThreads());

/**
 * Decodes an upload upright: the pipeline's width/height already account for EXIF
 * orientation, so pixels must too. The pixel limit refuses decompression bombs.
 */
export const decodeUpright = (image: EngineImage): Sharp =>
  sharp(image.data, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate();

export interface RawPlanes {
  /** Interleaved RGB, 3 bytes per pixel. */
  rgb: Buffer;
  /** One byte per pixel, or null when the image is opaque. */
  alpha: Buffer | null;
  width: number;
  height: number;
}

/**
 * The upright image as raw RGB plus its alpha plane kept apart (engines work on colour only).
 * Decoded once; the planes are split by libvips from the raw pixels, not by a per-pixel loop.
 */
export async function readPlanes(image: EngineImage): Promise<RawPlanes> {
  const { data, info } = await decodeUpright(image).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const raw = { raw: { width, height, channels } };
  const hasAlpha = channels === 4 || channels === 2;
  const opaque = hasAlpha ? sharp(data, raw).removeAlpha() : sharp(data, raw);
  const rgb = channels === 3 ? data : await opaque.toColourspace('srgb').raw().toBuffer();
  const alpha = hasAlpha
    ? await sharp(data, raw)
        .extractChannel(channels === 4 ? 3 : 1)
        .raw()
        .toBuffer()
    : null;
  if (rgb.length !== width * height * 3) throw new Error(`Unexpected ${channels}-channel pixels`);
  return { rgb, alpha, width, height };
}

/** Raw RGB (plus an optional alpha plane) back to a sharp pipeline. */
export function fromPlanes(rgb: Buffer, width: number, height: number, alpha: Buffer | null): Sharp {
  const image = sharp(rgb, { raw: { width, height, channels: 3 } });
  return alpha ? image.joinChannel(alpha, { raw: { width, height, channels: 1 } }) : image;
}

/**
 * Encodes a result: PNG when it has alpha or `format` asks for it, else the upload's format.
 * PNG at zlib level 2 with a filter chosen per row: a little slower than level 6 unfiltered, half
 * the bytes on photos (ADR 0051).
 */
export async function encodeImage(image: Sharp, format: 'png' | 'jpeg' | 'webp'): Promise<EngineImage> {
  const encoded =
    format === 'png'
      ? image.png({ compressionLevel: 2, adaptiveFiltering: true })
      : format === 'webp'
        ? image.webp({ quality: 92 })
        : image.jpeg({ quality: 92, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, mediaType: `image/${format}`, width: info.width, height: info.height };
}

/** The output format that keeps an upload's kind: PNG if it has alpha, else its own format. */
export function outputFormatOf(image: EngineImage, hasAlpha: boolean): 'png' | 'jpeg' | 'webp' {
  if (hasAlpha || image.mediaType === 'image/png') return 'png';
  return image.mediaType === 'image/webp' ? 'webp' : 'jpeg';
}
