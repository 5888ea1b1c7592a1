import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { httpRequestDuration, httpRequests } from './registry.ts';

/**
 * Counts and times every request under the pattern of the route that answered it (Hono's
 * matched path, e.g. `/api/runs/:id`), never the raw URL: ids and probing scanners would
 * otherwise make a new series each. Unknown paths fall under their catch-all (`/api/*`, `/*`).
 */
export function httpMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // After next() the route index is the handler (or middleware) that made the response.
    const route = routePath(c) || 'unmatched';
    const method = c.req.method;
    httpRequests.inc({ method, route, status: String(c.res.status) });
    httpRequestDuration.observe({ method, route }, (performance.now() - started) / 1000);
  };
}
