import { IMAGE_MAX_PIXELS } from '@atelier/contracts';
import sharp, { type Sharp } from 'sharp';
import type { EngineImage } from '../engine.ts';
import { computeThreads } from './compute-threads.ts';

// libvips uses one thread by default on glibc Linux; two roughly halve the heavy pipelines
// (engines.md). In a pool process it gets that process's share of the cores.
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

/** The upright image as raw RGB plus its alpha plane kept apart (engines work on colour only). */
export async function readPlanes(image: EngineImage): Promise<RawPlanes> {
  const { data, info } = await decodeUpright(image).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const hasAlpha = channels === 4 || channels === 2;
  const colour = hasAlpha ? channels - 1 : channels;
  const rgb = Buffer.alloc(width * height * 3);
  const alpha = hasAlpha ? Buffer.alloc(width * height) : null;
  for (let i = 0, p = 0; i < width * height; i++, p += channels) {
    rgb[i * 3] = data[p]!;
    rgb[i * 3 + 1] = data[p + (colour === 1 ? 0 : 1)]!;
    rgb[i * 3 + 2] = data[p + (colour === 1 ? 0 : 2)]!;
    if (alpha) alpha[i] = data[p + colour]!;
  }
  return { rgb, alpha, width, height };
}

/** Raw RGB (plus an optional alpha plane) back to a sharp pipeline. */
export function fromPlanes(rgb: Buffer, width: number, height: number, alpha: Buffer | null): Sharp {
  const image = sharp(rgb, { raw: { width, height, channels: 3 } });
  return alpha ? image.joinChannel(alpha, { raw: { width, height, channels: 1 } }) : image;
}

/** Encodes a result: PNG when it has alpha or `format` asks for it, else the upload's format. */
export async function encodeImage(image: Sharp, format: 'png' | 'jpeg' | 'webp'): Promise<EngineImage> {
  const encoded =
    format === 'png'
      ? image.png({ compressionLevel: 6 })
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
