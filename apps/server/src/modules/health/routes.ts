import { createRoute } from '@hono/zod-openapi';
import { healthResponseSchema } from '@atelier/contracts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';

const route = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Liveness and readiness: answers 200 once the database answers',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: healthResponseSchema } } },
    503: { description: 'The database does not answer' },
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
