import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from '@hono/zod-openapi';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { notFound } from '../../platform/http/app-error.ts';

const require = createRequire(import.meta.url);
/** The page's assets: two from the swagger-ui-dist package, and its start script. */
const ASSETS = {
  'init.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;
type Asset = keyof typeof ASSETS;

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Atelier API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui' });`;

const text = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

const pageRoute = apiRoute({
  method: 'get',
  path: '/',
  operationId: 'getApiDocsPage',
  tag: 'system',
  access: 'public',
  summary: 'This document, browsable (Swagger UI)',
  responses: { 200: text('text/html', 'The page') },
});

const assetRoute = apiRoute({
  method: 'get',
  path: '/{asset}',
  operationId: 'getApiDocsAsset',
  tag: 'system',
  access: 'public',
  summary: 'A script or style sheet of the docs page, served by Atelier itself (no CDN)',
  request: { params: z.object({ asset: z.string().max(64) }) },
  responses: {
    200: {
      description: 'The asset',
      content: { 'text/javascript': { schema: z.string() }, 'text/css': { schema: z.string() } },
    },
    404: errorResponse('No such asset (NOT_FOUND)'),
  },
});

const isAsset = (name: string): name is Asset => Object.hasOwn(ASSETS, name);

/** /api/docs: Swagger UI served from the npm package itself (no CDN, no inline script). */
export function apiDocsRoutes() {
  const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  return createApiRouter()
    .openapi(pageRoute, (c) => c.html(PAGE))
    .openapi(assetRoute, async (c) => {
      const name = c.req.valid('param').asset;
      if (!isAsset(name)) throw notFound('Asset');
      const body = name === 'init.js' ? INIT : await fsp.readFile(path.join(distDir, name));
      return c.body(body, 200, { 'Content-Type': ASSETS[name], 'Cache-Control': 'public, max-age=86400' });
    });
}
