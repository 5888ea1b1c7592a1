import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HOME_JS_BUDGET_BROTLI_BYTES } from './lib/ui-constants.ts';

// The home route's first load must stay within HOME_JS_BUDGET_BROTLI_BYTES of JS as it goes
// over the wire: React Router's manifest, the client entry, the root and home route modules
// with everything they import statically, and the English text tables the page starts with,
// read from Vite's manifest, each counted as the brotli sibling the build wrote and the
// server sends (apps/web/build/precompress-assets.ts). Run after `npm run build`; skipped without.
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');
const manifestFile = path.join(dist, '.vite/manifest.json');
const built = fs.existsSync(path.join(dist, '../server/index.js')) && fs.existsSync(manifestFile);
/** How Vite's manifest names a route module of React Router's client build. */
const routeModule = (file: string) => `${file}?__react-router-build-client-route`;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** A chunk's file and everything it imports statically, recursively. */
function staticGraph(manifest: Record<string, ManifestChunk>, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (!files.has(chunk.file)) {
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) staticGraph(manifest, imported, files);
  }
  return files;
}

/** Every file under a folder, relative to it. */
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile());

describe.skipIf(!built)('precompressed build', () => {
  it('has a brotli and a gzip sibling of every text file of some size, each decoding to the file', () => {
    const files = filesUnder(dist);
    const text = files.filter((f) => /\.(html|js|mjs|css|svg|json|txt|xml|wasm)$/.test(f));
    expect(text.length).toBeGreaterThan(20);
    for (const file of text) {
      const data = fs.readFileSync(path.join(dist, file));
      if (data.length < 2048) continue; // tiny files may not be worth a sibling
      const br = fs.readFileSync(path.join(dist, `${file}.br`));
      const gz = fs.readFileSync(path.join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(data), `${file}.br`).toBe(true);
      expect(gunzipSync(gz).equals(data), `${file}.gz`).toBe(true);
      expect(br.length, `${file}.br is smaller than gzip`).toBeLessThanOrEqual(gz.length);
    }
  });
});

describe.skipIf(!built)('home route JavaScript budget', () => {
  it(`ships at most ${HOME_JS_BUDGET_BROTLI_BYTES} bytes of JS, brotli-compressed`, () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    // React Router's own manifest of the routes, which every page loads first.
    const routerManifest = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^manifest-[^.]+\.js$/.test(f));
    expect(routerManifest).toHaveLength(1);
    const files = new Set([`assets/${routerManifest[0]}`]);
    for (const key of [
      'src/entry.client.tsx',
      routeModule('src/root.tsx'),
      routeModule('src/routes/home.tsx'),
      'src/locales/en/common.json',
      'src/locales/en/tools.json',
      'src/locales/en/seo.json',
      'src/locales/en/home.json',
    ]) {
      staticGraph(manifest, key, files);
    }

    const sizes = [...files].map((file) => {
      const raw = fs.statSync(path.join(dist, file)).size;
      const br = path.join(dist, `${file}.br`);
      // Every file of some size has its sibling: the server never sends it uncompressed.
      if (raw >= 1024) expect(fs.existsSync(br), `${file}.br`).toBe(true);
      return { file, wire: fs.existsSync(br) ? fs.statSync(br).size : raw };
    });
    const total = sizes.reduce((sum, { wire }) => sum + wire, 0);
    console.log(
      `home route JS: ${(total / 1024).toFixed(1)} KiB brotli of ${(HOME_JS_BUDGET_BROTLI_BYTES / 1024).toFixed(0)} KiB budget\n` +
        sizes.map(({ file, wire }) => `  ${file}  ${(wire / 1024).toFixed(1)} KiB`).join('\n'),
    );
    expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET_BROTLI_BYTES);
  });
});

if (!built) console.log('build-budget.test.ts: skipped, apps/web/dist has no build (run `npm run build` first)');
