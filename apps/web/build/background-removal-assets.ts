/// <reference types="node" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Background removal runs in the browser on ISNet (its images never leave the device); its model and the
 * onnxruntime WebAssembly come from @imgly/background-removal-data, served by Atelier itself
 * under /assets/imgly-<version>/ so no image and no request leaves for a CDN;
 * the version in the path lets the server cache the files as immutable. Only what the
 * browser can use is shipped: the `small` model and the runtime's wasm builds, not the
 * 88 MB `medium` model nor the training runtime.
 */
const require = createRequire(import.meta.url);
const dataPackage = require.resolve('@imgly/background-removal-data/package.json');
const { version } = JSON.parse(fs.readFileSync(dataPackage, 'utf8')) as { version: string };
/** Where the SPA finds the files (src/features/tools/browser-engine/remove-background-in-browser.ts reads it). */
export const BACKGROUND_REMOVAL_PATH = `/assets/imgly-${version}/`;

const SKIPPED = new Set(['/models/medium', '/onnxruntime-web/ort-training-wasm-simd.wasm']);

const dataDir = () => path.join(path.dirname(dataPackage), 'dist');

/** resources.json and the chunk files of every resource the browser may fetch. */
function shippedFiles(dir: string): string[] {
  const resources = JSON.parse(fs.readFileSync(path.join(dir, 'resources.json'), 'utf8')) as Record<
    string,
    { chunks: { hash: string }[] }
  >;
  const chunks = Object.entries(resources)
    .filter(([name]) => !SKIPPED.has(name))
    .flatMap(([, resource]) => resource.chunks.map((chunk) => chunk.hash));
  return ['resources.json', ...chunks];
}

export function backgroundRemovalAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atelier-background-removal-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // The SPA learns the path at build time.
    config: (config) => ({
      define: { __BACKGROUND_REMOVAL_PATH__: JSON.stringify(BACKGROUND_REMOVAL_PATH) },
      // The library's `ndarray` compiles code with `new Function`, which the CSP forbids.
      resolve: {
        alias: [
          {
            find: /^ndarray$/,
            replacement: path.resolve(
              config.root ?? process.cwd(),
              'src/features/tools/browser-engine/ndarray-without-eval.ts',
            ),
          },
        ],
      },
    }),
    // `vite dev`: answer the files straight from the package.
    configureServer(server) {
      const dir = dataDir();
      const files = new Set(shippedFiles(dir));
      server.middlewares.use(BACKGROUND_REMOVAL_PATH, (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!files.has(name)) return next();
        res.setHeader('Content-Type', name.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        fs.createReadStream(path.join(dir, name)).pipe(res);
      });
    },
    // `vite build`: copy them next to the app, where the server serves dist/ as it is.
    closeBundle() {
      const dir = dataDir();
      const target = path.join(outDir, BACKGROUND_REMOVAL_PATH);
      fs.mkdirSync(target, { recursive: true });
      for (const name of shippedFiles(dir)) fs.copyFileSync(path.join(dir, name), path.join(target, name));
    },
  };
}
