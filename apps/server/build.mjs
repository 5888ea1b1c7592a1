// Bundles the server (and the contracts package it imports as TypeScript) into dist/main.js,
// the worker process into dist/worker.js, and the entry of the engine pool's processes into
// dist/engine-worker.js (found beside the other two). Dependencies stay external: they are
// installed in node_modules.
import { build } from 'esbuild';

// `--outdir <dir>`: tests bundle into a folder of their own rather than over dist/.
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : 'dist';

await build({
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker-main.ts',
    admin: 'src/admin-cli.ts',
    'engine-worker': 'src/engines/local/pool/engine-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The workspace package is TypeScript source: bundle it instead of leaving it external.
  alias: { '@atelier/contracts': '../../packages/contracts/src/index.ts' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
