import { healthResponseSchema, readinessResponseSchema } from '@atelier/contracts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { apiRoute } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { serviceUnavailable } from '../../platform/http/app-error.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import type { Readiness } from './readiness.ts';

const route = apiRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tag: 'system',
  access: 'public',
  summary:
    'Health: 200 while the database answers; 503 SERVICE_UNAVAILABLE with Retry-After while it does not (the process reconnects by itself)',
  responses: {
    200: jsonContent(healthResponseSchema, 'Ready'),
  },
});

const readyRoute = apiRoute({
  method: 'get',
  path: '/ready',
  operationId: 'getReadiness',
  tag: 'system',
  access: 'public',
  summary:
    'Readiness for a load balancer: 200 when the database answers, storage takes a write and (where this process works on runs) the queue polls; 503 naming what failed, and from the moment the process starts shutting down',
  responses: {
    200: jsonContent(readinessResponseSchema, 'Ready'),
    503: jsonContent(readinessResponseSchema, 'Not ready: `failing` names the checks that failed'),
  },
});

export function healthRoutes(database: DatabaseHandle, readiness: Readiness) {
  return createApiRouter()
    .openapi(route, async (c) => {
      try {
        await database.query('SELECT 1');
      } catch (err) {
        c.get('log').warn({ err }, 'health check: database does not answer');
        // Whatever the driver said: this process is unhealthy until the database answers again.
        throw serviceUnavailable();
      }
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(readyRoute, async (c) => {
      const result = await readiness.check();
      if (result.status === 'ready') return c.json(result, 200);
      c.get('log').warn({ failing: result.failing, checks: result.checks }, 'not ready');
      return c.json(result, 503);
    });
}
