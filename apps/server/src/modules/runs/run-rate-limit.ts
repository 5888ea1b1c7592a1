import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../platform/http/app-env.ts';
import type { RunDeps } from './service.ts';
import * as service from './service.ts';

/**
 * The abuse limit on runs, counted before the upload is read (a batch counts once here; its
 * route counts the rest of its images).
 */
export const runRateLimit = (deps: RunDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await service.assertRunAllowed(deps, c.get('user').id);
    await next();
  });
