import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CRISP_UPSCALE_FACTOR } from '@atelier/contracts';
import sharp from 'sharp';
import type { EngineContext, EngineImage } from '../../engine.ts';
import { encodeImage, fromPlanes, outputFormatOf, readPlanes } from '../image-io.ts';
import { packageDir } from '../package-dir.ts';
import { loadTfjsWasm, type Tfjs } from './tfjs-wasm.ts';

const require = createRequire(import.meta.url);

/**
 * Tile side: each tile reports progress and can abort, and memory stays bounded. 256 px
 * rather than the model's 128 px training patch: every `execute` call costs a fixed overhead
 * on tfjs-wasm, and 128 px tiles made a 512² image ~2.5× slower than one untiled pass.
 */
const TILE = 256;
/** Context around each tile, cut off after upscaling, so seams do not show. */
const PADDING = 8;

type Tensor3D = import('@tensorflow/tfjs').Tensor3D;
interface Upscaler {
  execute(image: Tensor3D, options: { output: 'tensor' }): Promise<Tensor3D>;
}
type UpscalerClass = new (options: { model: object }) => Upscaler;

/**
 * An UpscalerJS instance for a model package's ×2 weights, read from the package (UpscalerJS
 * would fetch them from a CDN otherwise). Its UMD build is used: the ESM one fails in Node
 * and the `upscaler/node` one needs tfjs-node (engines.md).
 */
export async function createUpscaler(
  tf: Tfjs,
  modelPackage: string,
  definition: { path?: string },
  modelDir: string,
): Promise<Upscaler> {
  const Upscaler = require(path.join(packageDir('upscaler'), 'dist/browser/umd/upscaler.min.js')) as UpscalerClass;
  const dir = path.join(packageDir(modelPackage), modelDir);
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: import('@tensorflow/tfjs').io.WeightsManifestEntry[] }[];
  };
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  const weightData = Buffer.concat(
    json.weightsManifest.flatMap((group) => group.paths.map((p) => fs.readFileSync(path.join(dir, p)))),
  );
  const weights = weightData.buffer.slice(weightData.byteOffset, weightData.byteOffset + weightData.byteLength);
  const handler = tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs, weightData: weights });
  return new Upscaler({ model: { ...definition, path: handler } });
}

let esrgan: Promise<{ tf: Tfjs; upscaler: Upscaler }> | undefined;

/** ESRGAN-slim ×2 (`@upscalerjs/esrgan-slim`), loaded once and kept warm. */
function esrganX2() {
  esrgan ??= (async () => {
    const tf = await loadTfjsWasm();
    const definition = require('@upscalerjs/esrgan-slim/2x') as { path?: string };
    return { tf, upscaler: await createUpscaler(tf, '@upscalerjs/esrgan-slim', definition, 'models/x2') };
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
 * `crisp` upscaling: ESRGAN ×2 on tfjs-wasm, tile by tile (progress per tile, bounded memory:
 * only the output buffer grows with the image). Alpha is upscaled apart with lanczos3.
 */
export async function upscaleCrisp(source: EngineImage, { onProgress, signal }: EngineContext): Promise<EngineImage> {
  onProgress(2, 'loading the upscaling model');
  const { tf, upscaler } = await esrganX2();
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
    const right = Math.min(width, x[0] + x[1] + PADDING);
    const bottom = Math.min(height, y[0] + y[1] + PADDING);
    const w = right - left;
    const h = bottom - top;
    const region = new Int32Array(w * h * 3);
    for (let row = 0; row < h; row++) {
      const from = ((top + row) * width + left) * 3;
      region.set(rgb.subarray(from, from + w * 3), row * w * 3);
    }
    const input = tf.tensor3d(region, [h, w, 3], 'int32');
    const upscaled = await upscaler.execute(input, { output: 'tensor' });
    const pixels = await upscaled.data();
    tf.dispose([input, upscaled]);
    // Keep the tile's core (padding cut off), clamped to bytes.
    const offsetX = (x[0] - left) * scale;
    const offsetY = (y[0] - top) * scale;
    for (let row = 0; row < y[1] * scale; row++) {
      const src = ((offsetY + row) * w * scale + offsetX) * 3;
      const dst = ((y[0] * scale + row) * outWidth + x[0] * scale) * 3;
      for (let i = 0; i < x[1] * scale * 3; i++)
        out[dst + i] = Math.min(255, Math.max(0, Math.round(pixels[src + i]!)));
    }
    onProgress(5 + (85 * (index + 1)) / tiles.length, `tile ${index + 1} of ${tiles.length}`);
    // tfjs-wasm computes synchronously: between tiles, let the process see its I/O (an abort,
    // the pool's parent gone) rather than only at the end of the image.
    await new Promise((resolve) => setImmediate(resolve));
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
