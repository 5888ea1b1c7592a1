import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Context, Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import { WORKER_CONTENT_SECURITY_POLICY } from './security-headers.ts';
import { IMMUTABLE, staticFiles } from './static-files.ts';

/** The web app's build (`react-router build`): the browser's files and the server build of its pages. */
export interface WebBuild {
  clientDir: string;
  serverBuild: string;
}

const webBuildAt = (dist: string): WebBuild => ({
  clientDir: path.join(dist, 'client'),
  serverBuild: path.join(dist, 'server', 'index.js'),
});

/** Finds the web app's build (apps/web/dist) from the source tree or from the server bundle. */
export function findWebBuild(configured?: string): WebBuild | undefined {
  if (configured) return webBuildAt(configured);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 7; i++) {
    const candidate = webBuildAt(path.join(dir, 'apps', 'web', 'dist'));
    if (fs.existsSync(candidate.serverBuild)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Where the build puts web workers (apps/web/vite.config.ts); they get the workers' policy. */
export const WORKER_ASSETS = '/assets/workers/';

/**
 * Serves the web app: its built files (hashed ones under /assets cached for a year, the rest
 * revalidated, workers under their own Content-Security-Policy), and any other GET that is not
 * an API or file path is a page, which `pages` answers (pages/react-router-pages.ts).
 */
export function webAppRoutes(clientDir: string, pages: (c: Context<AppEnv>) => Promise<Response>) {
  const root = path.resolve(clientDir);
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
    return pages(c);
  });
}
