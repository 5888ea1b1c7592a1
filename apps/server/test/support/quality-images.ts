import sharp, { type Sharp } from 'sharp';
import type { EngineImage } from '../../src/engines/engine.ts';
import { asEngineImage, photoBytes } from './photos.ts';

/**
 * The fixed images the engines' quality is held on (tests and bench): a photo, an
 * illustration, text and a portrait, as PNG so that an engine's output is compared without
 * JPEG's losses. The photo is larger than one upscaling tile, so tile seams are part of it.
 */
export async function qualityImages(): Promise<{ name: string; image: EngineImage }[]> {
  const png = async (image: Sharp) => asEngineImage(await image.png().toBuffer());
  // Dark text on a light page, in two sizes: edges an upscaler must keep sharp and clean.
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120">
      <rect width="240" height="120" fill="#f4f1ea"/>
      <text x="10" y="44" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#1b1b1b">Atelier 34</text>
      <text x="10" y="90" font-family="DejaVu Serif, serif" font-size="14" fill="#303030">The quick brown fox jumps.</text>
    </svg>`,
  );
  return [
    { name: 'photo', image: await png(sharp(photoBytes('coffee.jpg'))) },
    { name: 'illustration', image: await png(sharp(photoBytes('logo.png')).resize(192, 192)) },
    { name: 'text', image: await png(sharp(text)) },
    // The astronaut's head and shoulders.
    {
      name: 'portrait',
      image: await png(sharp(photoBytes('astronaut.jpg')).extract({ left: 110, top: 20, width: 176, height: 200 })),
    },
  ];
}

/** Peak signal-to-noise ratio in dB between two same-sized byte buffers (Infinity if equal). */
export function psnr(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`Sizes differ: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  const mse = sum / a.length;
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / mse);
}

/** Intersection over union of two masks, a pixel counting as subject from 128 up. */
export function maskIoU(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`Sizes differ: ${a.length} and ${b.length}`);
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! >= 128;
    const y = b[i]! >= 128;
    if (x && y) both++;
    if (x || y) either++;
  }
  return either === 0 ? 1 : both / either;
}
