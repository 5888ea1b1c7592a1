import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Context, Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import { WORKER_CONTENT_SECURITY_POLICY } from './security-headers.ts';
import { IMMUTABLE, staticFiles } from './static-files.ts';

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

/** Where the build puts web workers (apps/web/vite.config.ts); they get the workers' policy. */
export const WORKER_ASSETS = '/assets/workers/';

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, everything else is
 * revalidated, workers get their own Content-Security-Policy, and any other GET that is not an
 * API or file path is a page: `pages` answers it, else index.html (the client router answers).
 */
export function spaRoutes(distDir: string, pages?: (c: Context<AppEnv>) => Promise<Response>) {
  const root = path.resolve(distDir);
  const indexHtml = path.join(root, 'index.html');
  const serve = staticFiles();

  return new Hono<AppEnv>().get('*', async (c) => {
    const urlPath = decodeURIComponent(c.req.path);
    const file = path.resolve(root, `.${urlPath}`);
    if (file.startsWith(root + path.sep) && urlPath !== '/') {
      const served = await serve(c, file, {
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=0, must-revalidate',
        extra: urlPath.startsWith(WORKER_ASSETS) ? { 'Content-Security-Policy': WORKER_CONTENT_SECURITY_POLICY } : {},
      });
      if (served) return served;
      // A missing asset is a real 404, not the app shell.
      if (urlPath.startsWith('/assets/')) return c.text('Not found', 404);
    }
    // The pages: server-rendered where they are public (ssr/server-rendered-pages.ts).
    if (pages) return pages(c);
    return (await serve(c, indexHtml, { cacheControl: 'no-cache' })) ?? c.text('Not found', 404);
  });
}
