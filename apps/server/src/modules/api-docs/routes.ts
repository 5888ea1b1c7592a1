import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/app-env.ts';

const require = createRequire(import.meta.url);
const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Atelier API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });`;

/** /api/docs: Swagger UI served from the npm package itself (no CDN, no inline script). */
export function apiDocsRoutes() {
  const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  return new Hono<AppEnv>()
    .get('/', (c) => c.html(PAGE))
    .get('/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
    .get('/:file', async (c) => {
      const name = c.req.param('file');
      const type = FILES[name];
      if (!type) return c.notFound();
      const body = await fsp.readFile(path.join(distDir, name));
      return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
    });
}
