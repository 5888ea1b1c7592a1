import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageDir } from '../../src/engines/local/package-dir.ts';

const require = createRequire(import.meta.url);

type Tfjs = typeof import('@tensorflow/tfjs');
type Tensor3D = import('@tensorflow/tfjs').Tensor3D;
interface Upscaler {
  execute(image: Tensor3D, options: { output: 'tensor' }): Promise<Tensor3D>;
}
type UpscalerClass = new (options: { model: object }) => Upscaler;

let baseline: Promise<(rgb: Buffer, width: number, height: number) => Promise<Buffer>> | undefined;

/**
 * How crisp upscaling ran before it moved to onnxruntime, kept as the reference the tests and
 * the bench hold the ONNX graph to: UpscalerJS with `@upscalerjs/esrgan-slim`'s ×2 weights on
 * TensorFlow.js's wasm backend, the whole image in one pass (UpscalerJS's default).
 * tfjs-node cannot be installed offline, so the wasm backend is used with its binaries read
 * from the package (`setWasmPaths`); UpscalerJS's UMD build is used because its ESM build fails
 * in Node; the weights are read from the package because UpscalerJS would fetch them from a CDN.
 * Returns raw RGB ×2, clamped and rounded to bytes.
 */
export function upscalerJsBaseline(): Promise<(rgb: Buffer, width: number, height: number) => Promise<Buffer>> {
  baseline ??= (async () => {
    const tf = require('@tensorflow/tfjs') as Tfjs;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(`${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('The tfjs wasm backend did not start');
    await tf.ready();

    const Upscaler = require(path.join(packageDir('upscaler'), 'dist/browser/umd/upscaler.min.js')) as UpscalerClass;
    const definition = require('@upscalerjs/esrgan-slim/2x') as { path?: string };
    const dir = path.join(packageDir('@upscalerjs/esrgan-slim'), 'models/x2');
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8')) as {
      modelTopology: object;
      weightsManifest: { paths: string[]; weights: import('@tensorflow/tfjs').io.WeightsManifestEntry[] }[];
    };
    const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
    const data = Buffer.concat(
      json.weightsManifest.flatMap((group) => group.paths.map((p) => fs.readFileSync(path.join(dir, p)))),
    );
    const weightData = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    const handler = tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs, weightData });
    const upscaler = new Upscaler({ model: { ...definition, path: handler } });

    return async (rgb: Buffer, width: number, height: number) => {
      const input = tf.tensor3d(new Int32Array(rgb), [height, width, 3], 'int32');
      const output = await upscaler.execute(input, { output: 'tensor' });
      const pixels = await output.data();
      tf.dispose([input, output]);
      const out = Buffer.alloc(pixels.length);
      for (let i = 0; i < pixels.length; i++) out[i] = Math.min(255, Math.max(0, Math.round(pixels[i]!)));
      return out;
    };
  })().catch((error: unknown) => {
    baseline = undefined;
    throw error;
  });
  return baseline;
}
