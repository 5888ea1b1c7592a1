import path from 'node:path';
import { CRISP_UPSCALE_FACTOR } from '@atelier/contracts';
import type { InferenceSession } from 'onnxruntime-node';
import sharp from 'sharp';
import type { EngineContext, EngineImage } from '../../engine.ts';
import { encodeImage, fromPlanes, outputFormatOf, readPlanes } from '../image-io.ts';
import { createOnnxSession, type Ort } from '../onnx-session.ts';
import { packageDir } from '../package-dir.ts';
import { kerasToOnnx } from './keras-to-onnx.ts';

/**
 * Tile side: each tile reports progress, and memory stays bounded (the net's 64-channel
 * activations of a 256² tile take ~17 MB each; of a whole 2048² photo, over 1 GB).
 */
const TILE = 256;
/** Context around each tile, cut off after upscaling, so seams do not show. */
const PADDING = 8;

let esrgan: Promise<{ ort: Ort; session: InferenceSession }> | undefined;

/**
 * ESRGAN-slim ×2 — the weights `@upscalerjs/esrgan-slim` ships for TensorFlow.js — converted
 * to an ONNX graph on first use (under a second, in memory: nothing is downloaded or written)
 * and run on onnxruntime-node's native kernels and threads, kept warm in the process.
 */
function esrganX2() {
  esrgan ??= (async () => {
    const modelDir = path.join(packageDir('@upscalerjs/esrgan-slim'), 'models/x2');
    return createOnnxSession(kerasToOnnx(modelDir));
  })().catch((error: unknown) => {
    esrgan = undefined;
    throw error;
  });
  return esrgan;
}

/** Start and size of each tile along one side. */
function spans(total: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < total; start += TILE) out.push([start, Math.min(TILE, total - start)]);
  return out;
}

/**
 * `crisp` upscaling: ESRGAN ×2 on onnxruntime, tile by tile (progress per tile, bounded memory:
 * only the output buffer grows with the image). The graph takes and gives raw RGB bytes, so
 * tiles are cut and pasted by rows. Alpha is upscaled apart with lanczos3.
 */
export async function upscaleCrisp(source: EngineImage, { onProgress, signal }: EngineContext): Promise<EngineImage> {
  onProgress(2, 'loading the upscaling model');
  const { ort, session } = await esrganX2();
  const { rgb, alpha, width, height } = await readPlanes(source);
  const scale = CRISP_UPSCALE_FACTOR;
  const outWidth = width * scale;
  const out = Buffer.alloc(outWidth * height * scale * 3);

  const tiles = spans(height).flatMap((y) => spans(width).map((x) => ({ x, y })));
  for (const [index, { x, y }] of tiles.entries()) {
    signal.throwIfAborted();
    // The padded region around the tile, clipped to the image.
    const left = Math.max(0, x[0] - PADDING);
    const top = Math.max(0, y[0] - PADDING);
    const w = Math.min(width, x[0] + x[1] + PADDING) - left;
    const h = Math.min(height, y[0] + y[1] + PADDING) - top;
    const region = new Uint8Array(w * h * 3);
    for (let row = 0; row < h; row++) {
      const from = ((top + row) * width + left) * 3;
      region.set(rgb.subarray(from, from + w * 3), row * w * 3);
    }
    const input = new ort.Tensor('uint8', region, [1, h, w, 3]);
    const result = await session.run({ [session.inputNames[0]!]: input });
    const upscaled = result[session.outputNames[0]!]!;
    const pixels = upscaled.data as Uint8Array;
    // Keep the tile's core (padding cut off).
    const offsetX = (x[0] - left) * scale;
    const offsetY = (y[0] - top) * scale;
    const rowBytes = x[1] * scale * 3;
    for (let row = 0; row < y[1] * scale; row++) {
      const src = ((offsetY + row) * w * scale + offsetX) * 3;
      out.set(pixels.subarray(src, src + rowBytes), ((y[0] * scale + row) * outWidth + x[0] * scale) * 3);
    }
    input.dispose();
    upscaled.dispose();
    onProgress(5 + (85 * (index + 1)) / tiles.length, `tile ${index + 1} of ${tiles.length}`);
  }

  const outAlpha = alpha
    ? await sharp(alpha, { raw: { width, height, channels: 1 } })
        .resize(outWidth, height * scale, { kernel: 'lanczos3' })
        .extractChannel(0)
        .raw()
        .toBuffer()
    : null;
  onProgress(92, 'encoding');
  return encodeImage(fromPlanes(out, outWidth, height * scale, outAlpha), outputFormatOf(source, alpha !== null));
}
