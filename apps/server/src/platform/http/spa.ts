import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Context, Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import { WORKER_CONTENT_SECURITY_POLICY } from './security-headers.ts';

/** Finds the built SPA (apps/web/dist) from the source tree or from the server bundle. */
export function findWebDist(configured?: string): string | undefined {
  if (configured) return configured;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 7; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Where the build puts web workers (apps/web/vite.config.ts); they get the workers' policy. */
export const WORKER_ASSETS = '/assets/workers/';

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, everything else is
 * revalidated, workers get their own Content-Security-Policy, and any other GET that is not an
 * API or file path is a page: `pages` answers it, else index.html (the client router answers).
 */
export function spaRoutes(distDir: string, pages?: (c: Context<AppEnv>) => Promise<Response>) {
  const root = path.resolve(distDir);
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'));

  return new Hono<AppEnv>().get('*', async (c) => {
    const urlPath = decodeURIComponent(c.req.path);
    const file = path.resolve(root, `.${urlPath}`);
    if (file.startsWith(root + path.sep) && urlPath !== '/') {
      const stat = await fsp.stat(file).catch(() => null);
      if (stat?.isFile()) {
        const body = await fsp.readFile(file);
        const immutable = urlPath.startsWith('/assets/');
        return c.body(body, 200, {
          'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
          ...(urlPath.startsWith(WORKER_ASSETS) ? { 'Content-Security-Policy': WORKER_CONTENT_SECURITY_POLICY } : {}),
        });
      }
      // A missing asset is a real 404, not the app shell.
      if (urlPath.startsWith('/assets/')) return c.text('Not found', 404);
    }
    // The pages: server-rendered where they are public (ssr/server-rendered-pages.ts).
    if (pages) return pages(c);
    return c.body(indexHtml, 200, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' });
  });
}
