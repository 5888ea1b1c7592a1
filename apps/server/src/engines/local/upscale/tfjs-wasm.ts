import { createRequire } from 'node:module';
import path from 'node:path';
import { packageDir } from '../package-dir.ts';

const require = createRequire(import.meta.url);

export type Tfjs = typeof import('@tensorflow/tfjs');

let ready: Promise<Tfjs> | undefined;

/**
 * TensorFlow.js on its wasm backend, once per process. tfjs-node cannot be installed offline
 * (it downloads libtensorflow) and the pure-JS `cpu` backend is ~25× slower (engines.md); the
 * wasm binaries ship in the npm package, so `setWasmPaths` points at them instead of a CDN.
 */
export function loadTfjsWasm(): Promise<Tfjs> {
  ready ??= (async () => {
    const tf = require('@tensorflow/tfjs') as Tfjs;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(`${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('The tfjs wasm backend did not start');
    await tf.ready();
    return tf;
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}
