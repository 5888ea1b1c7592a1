import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { backgroundRemovalAssets } from './build/background-removal-assets.ts';
import { compileHints } from './build/compile-hints.ts';
import { homeShowcase } from './build/home-showcase.ts';
import { pureSchemas } from './build/pure-schemas.ts';
import { shellChunk } from './build/shell-chunk.ts';
import { resolveFromSource } from './build/source-condition.ts';
import { thirdPartyLicenses, thirdPartyLicensesOfWorkers } from './build/third-party-licenses.ts';

// The API server (apps/server) serves the build in production (dist/client, and pages through
// dist/server); in development `react-router dev` serves the app and forwards the server's own
// paths to it.
const apiServer = 'http://localhost:3000';
/** Under /assets/; must match WORKER_ASSETS in apps/server/src/platform/http/spa.ts. */
const WORKER_FOLDER = 'workers';

// `react-router build` runs this config twice: for the browser, then (isSsrBuild) for the
// server, with the same route modules and components and its dependencies left in node_modules.
export default defineConfig(({ isSsrBuild }) => {
  const shell = shellChunk();
  return {
    // React DOM renders in the browser and on the server (ADR 0030); JSX compiles to React's
    // automatic runtime with Vite's own transform.
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    plugins: [
      tailwindcss(),
      reactRouter(),
      pureSchemas(),
      // The home page's before/after pictures (both builds render the page; the browser's writes the files).
      homeShowcase({ emit: !isSsrBuild }),
      // Files for the browser only: the server renderer needs none of them.
      ...(isSsrBuild
        ? []
        : [
            backgroundRemovalAssets(),
            // What a page load runs is compiled off the main thread (V8's compile hints).
            compileHints(),
            // The model files are copied as assets, not bundled: name their package explicitly.
            thirdPartyLicenses(['@imgly/background-removal-data']),
            shell.plugin,
          ]),
    ],
    // @atelier/api-client from its TypeScript source, not its npm build.
    ...resolveFromSource,
    build: {
      // The build-budget test reads the manifest to follow exactly what the home route loads.
      manifest: !isSsrBuild,
      rolldownOptions: {
        // The React libraries mark their modules "use client" for React Server Components: a
        // directive with no meaning in a bundle (React's Vite plugin, no longer used, hid these too).
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
          handler(level, log);
        },
        // What every page runs before it hydrates, in one request (build/shell-chunk.ts).
        output: isSsrBuild ? {} : { codeSplitting: { groups: [shell.group] } },
        // The SPA imports constants from @atelier/contracts, which also declares the zod schemas
        // the server validates with: whole modules the SPA does not use drop out here, and the
        // schemas it does not use of a module it does, by pureSchemas(). (Not by declaring `z` a
        // pure function: that name is any minified function's too, and a renderer's may be one —
        // its calls would be dropped.)
        // A feature's index.ts only re-exports (its public file): marked so, an import through it
        // goes straight to the module that defines the name, and a page does not load the rest.
        treeshake: {
          moduleSideEffects: [
            { test: /[\\/](packages[\\/]contracts|node_modules[\\/]zod)[\\/]/, sideEffects: false },
            { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
          ],
        },
      },
    },
    // Workers get a folder of their own: the server sends them their own Content-Security-Policy
    // (apps/server/src/platform/http/spa.ts). Background removal's worker starts onnxruntime's
    // wasm threads, which load their code from blob: URLs (background-removal.worker.ts).
    worker: {
      format: 'iife',
      plugins: () => [thirdPartyLicensesOfWorkers()],
      rolldownOptions: { output: { entryFileNames: `assets/${WORKER_FOLDER}/[name]-[hash].js`, minify: true } },
    },
    server: {
      // Cross-origin isolation as the server sends it, so wasm threads run in development too.
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
      proxy: {
        '/api': apiServer,
        '/files': apiServer,
        '/dev': apiServer,
      },
    },
  };
});
