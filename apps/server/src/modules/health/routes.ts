import { healthResponseSchema } from '@atelier/contracts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { jsonContent } from '../../platform/http/json-content.ts';

const route = apiRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tag: 'system',
  access: 'public',
  summary: 'Liveness and readiness: answers 200 once the database answers',
  responses: {
    200: jsonContent(healthResponseSchema, 'Ready'),
    503: errorResponse('The database does not answer (INTERNAL)'),
  },
});

export function healthRoutes(database: DatabaseHandle) {
  return createApiRouter().openapi(route, async (c) => {
    try {
      await database.query('SELECT 1');
    } catch (err) {
      c.get('log').error({ err }, 'health check: database does not answer');
      return c.json({ error: { code: 'INTERNAL' as const, message: 'Database unavailable' } }, 503);
    }
    return c.json({ status: 'ok' as const }, 200);
  });
}
