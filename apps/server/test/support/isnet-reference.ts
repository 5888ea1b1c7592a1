import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { EngineImage } from '../../src/engines/engine.ts';
import { readIsnetModel } from '../../src/engines/local/segmentation/isnet-model.ts';
import { asEngineImage, squarePhoto } from './photos.ts';
import { qualityImages } from './quality-images.ts';

const SIDE = 1024;
let reference: Promise<ort.InferenceSession> | undefined;

/**
 * ISNet's mask exactly as the model ships — the fp16 graph with all its outputs, unmodified,
 * with its pre- and post-processing written out in JavaScript (`px/255 − 0.5`, planar;
 * clamp, ×255, round) and the same lanczos3 stretch to 1024² and back. The engine's faster
 * graph (fp32, pruned, bytes in and out) is held to this in the bench, and in tests through
 * the masks kept of it (`storedReferenceMask`).
 */
export async function referenceMask(image: EngineImage): Promise<Buffer> {
  reference ??= readIsnetModel().then((model) => ort.InferenceSession.create(model));
  const session = await reference;
  const rgb = await sharp(image.data)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize(SIDE, SIDE, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const plane = SIDE * SIDE;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) input[c * plane + i] = rgb[i * 3 + c]! / 255 - 0.5;
  }
  const result = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, SIDE, SIDE]) });
  const output = result[session.outputNames[0]!]!.data as Float32Array;
  const mask = Buffer.alloc(plane);
  for (let i = 0; i < plane; i++) mask[i] = Math.round(Math.min(1, Math.max(0, output[i]!)) * 255);
  return sharp(mask, { raw: { width: SIDE, height: SIDE, channels: 1 } })
    .resize(image.width, image.height, { fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** A photo already ISNet's size (1024²), which the engine segments without resampling. */
export async function squareMaskedImage(): Promise<{ name: string; image: EngineImage }> {
  return { name: 'astronaut-1024', image: await asEngineImage(await squarePhoto('astronaut.jpg', SIDE)) };
}

/** The fixed images whose reference masks are kept: the quality images and the square photo. */
export async function maskedImages(): Promise<{ name: string; image: EngineImage }[]> {
  return [...(await qualityImages()), await squareMaskedImage()];
}

/** Where the masks are kept, with what they were made from (`manifest.json`). */
export const MASKS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/isnet-masks');

export interface MasksManifest {
  /** sha256 of the shipped model the masks were made with. */
  model: string;
  /** sha256 of each image's decoded pixels: a changed fixture is not held to an old mask. */
  images: Record<string, string>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const pixelsHash = async (image: EngineImage) => sha256(await sharp(image.data).raw().toBuffer());
export const modelHash = async () => sha256(await readIsnetModel());

let manifest: Promise<MasksManifest | undefined> | undefined;

/**
 * `referenceMask` of one of `maskedImages`, as kept in MASKS_DIR (running the shipped fp16
 * graph for each took a test ~20 s), while the model and the image are the ones it was made
 * from; otherwise — another model package, a changed fixture, text drawn with other fonts —
 * it is made afresh, so a test is never held to a mask of something else.
 */
export async function storedReferenceMask(name: string, image: EngineImage): Promise<Buffer> {
  manifest ??= (async () => {
    const kept = JSON.parse(fs.readFileSync(path.join(MASKS_DIR, 'manifest.json'), 'utf8')) as MasksManifest;
    return kept.model === (await modelHash()) ? kept : undefined;
  })();
  const kept = await manifest;
  if (kept?.images[name] !== (await pixelsHash(image))) return referenceMask(image);
  return sharp(path.join(MASKS_DIR, `${name}.png`))
    .extractChannel(0)
    .raw()
    .toBuffer();
}
