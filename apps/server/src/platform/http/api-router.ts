import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './app-env.ts';
import { validationError } from './app-error.ts';

/**
 * A router whose routes are declared with zod schemas (so /api/openapi.json is generated) and
 * whose validation failures answer the contract's VALIDATION_ERROR shape with a message per field.
 */
export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      // The validator hands the checked value as `data` too, though its type does not say so.
      if (!result.success) throw validationError(result.error.issues, Reflect.get(result, 'data'));
    },
  });
}

export type ApiRouter = ReturnType<typeof createApiRouter>;
