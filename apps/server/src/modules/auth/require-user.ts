// Placeholder owned by the Accounts work (issue 3): resolves the Better Auth session of the
// request and sets c.var.user, or answers 401 UNAUTHENTICATED. Every user-scoped route uses it.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { unauthenticated } from '../../platform/http/app-error.ts';

export const requireUser = createMiddleware<AppEnv>(async () => {
  throw unauthenticated();
});
