import type { Config } from '@react-router/dev/config';
import { precompressDirectory } from './build/precompress-assets.ts';

// React Router's framework mode (ADR 0063): the route table is src/routes.ts, each page a
// route module; `react-router build` writes the browser's files to dist/client and the server
// build the API server serves pages with to dist/server.
export default {
  appDirectory: 'src',
  buildDirectory: 'dist',
  ssr: true,
  // After both builds, so React Router's own manifest (written last) gets its brotli and gzip
  // siblings like every other text file the browser loads.
  async buildEnd() {
    const { files, bytes, brotliBytes } = await precompressDirectory('dist/client');
    console.log(
      `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KiB → ${(brotliBytes / 1024).toFixed(0)} KiB brotli`,
    );
  },
} satisfies Config;
