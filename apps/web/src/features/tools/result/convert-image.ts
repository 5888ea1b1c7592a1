import { type Conversion, hasTransparency } from './download-formats.ts';

/** The browser side of downloads and copies: decoding, re-encoding and the clipboard. */

async function decode(blob: Blob): Promise<OffscreenCanvas> {
  const image = blob.type.startsWith('image/svg') ? await loadSvg(blob) : await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(image.width, image.height);
  canvas.getContext('2d')?.drawImage(image, 0, 0);
  if ('close' in image) image.close();
  return canvas;
}

/** createImageBitmap does not take SVG in every browser; an <img> does (a vector result copied as PNG). */
async function loadSvg(blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Whether a raster image has any pixel that is not fully opaque (then JPEG is not offered). */
export async function isTransparent(blob: Blob): Promise<boolean> {
  const canvas = await decode(blob);
  const ctx = canvas.getContext('2d');
  if (!ctx) return true;
  return hasTransparency(ctx.getImageData(0, 0, canvas.width, canvas.height).data);
}

/** Re-encodes an image as download-formats.ts decided; JPEG is drawn on its background first. */
export async function convert(blob: Blob, conversion: Conversion): Promise<Blob> {
  if (!conversion.convert) return blob;
  const image = await decode(blob);
  const canvas = new OffscreenCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  if (conversion.background) {
    ctx.fillStyle = conversion.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  ctx.drawImage(image, 0, 0);
  const out = await canvas.convertToBlob({ type: conversion.mediaType, quality: conversion.quality });
  // A browser that cannot encode the format silently gives PNG: that is not what was asked for.
  if (out.type !== conversion.mediaType) throw new Error(`This browser cannot encode ${conversion.mediaType}`);
  return out;
}

/**
 * Puts an image on the clipboard as PNG (the one image type browsers accept there). Returns
 * false where the browser has no way to (no ClipboardItem, or the permission is refused).
 */
export async function copyImage(blob: Blob): Promise<boolean> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) return false;
  const png = blob.type === 'image/png' ? blob : convert(blob, pngConversion);
  try {
    // A promise inside the item keeps Safari's user-gesture window open while PNG is encoded.
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
    return true;
  } catch {
    return false;
  }
}

const pngConversion: Conversion = { convert: true, mediaType: 'image/png', quality: undefined, background: undefined };
