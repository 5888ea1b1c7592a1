import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { backgroundRemovalAssets } from './background-removal-assets.ts';
import { thirdPartyLicenses } from './third-party-licenses.ts';

// The API server (apps/server) serves dist/ in production; in development Vite serves the SPA
// and forwards the server's own paths to it.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    backgroundRemovalAssets(),
    // The model files are copied as assets, not bundled: name their package explicitly.
    thirdPartyLicenses(['@imgly/background-removal-data']),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The build-budget test reads the manifest to follow exactly what the home route loads.
    manifest: true,
    rolldownOptions: {
      // The SPA imports constants from @atelier/contracts, which also declares the zod schemas
      // the server validates with. Schema construction has no side effects, so the schemas
      // (and zod) drop out of the bundle wherever the SPA does not use them.
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: [{ test: /[\\/](packages[\\/]contracts|node_modules[\\/]zod)[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/files': apiServer,
      '/dev': apiServer,
    },
  },
});
