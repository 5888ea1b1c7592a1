import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './app-env.ts';

/**
 * A router whose routes are declared with zod schemas (so /api/openapi.json is generated) and
 * whose validation failures answer the contract's VALIDATION_ERROR shape with a message per field.
 */
export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '(body)';
        fields[key] ??= issue.message;
      }
      return c.json({ error: { code: 'VALIDATION_ERROR' as const, message: 'Invalid request', fields } }, 400);
    },
  });
}

export type ApiRouter = ReturnType<typeof createApiRouter>;
