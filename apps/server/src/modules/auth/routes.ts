import { createRoute, z } from '@hono/zod-openapi';
import { authProvidersSchema, errorBodySchema, usernameSignInSchema } from '@atelier/contracts';
import type { Context } from 'hono';
import type { Config } from '../../platform/config/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { AppError, rateLimited } from '../../platform/http/app-error.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import { findProfileByUsername } from '../profiles/repo.ts';
import { RateLimiter } from '../security/rate-limiter.ts';
import { type Auth, AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER } from './auth.ts';
import { toApiErrorResponse } from './auth-errors.ts';
import { passwordResetLimits } from './auth-limits.ts';
import { type SignInAttempt, SignInGuard } from './sign-in-guard.ts';

const providersRoute = createRoute({
  method: 'get',
  path: '/providers',
  tags: ['auth'],
  summary: 'Which third-party sign-in methods are configured (the login page shows their buttons)',
  responses: { 200: jsonContent(authProvidersSchema, 'Configured providers') },
});

const usernameSignInRoute = createRoute({
  method: 'post',
  path: '/sign-in/username',
  tags: ['auth'],
  summary: 'Sign in with a username (case-insensitive) and password; sets the session cookie',
  request: { body: { content: { 'application/json': { schema: usernameSignInSchema } }, required: true } },
  responses: {
    200: jsonContent(
      z.object({ token: z.string().nullable(), user: z.object({ id: z.string(), email: z.string() }) }),
      'Signed in',
    ),
    401: jsonContent(errorBodySchema, 'Wrong password (INVALID_CREDENTIALS)'),
    404: jsonContent(errorBodySchema, 'No account has this username (USERNAME_NOT_FOUND)'),
    429: jsonContent(errorBodySchema, 'Too many failed attempts (RATE_LIMITED, with retryAfter)'),
  },
});

/**
 * /api/auth: Better Auth's handler, with what it cannot do by itself in front of it — the
 * client address (it cannot see the socket under Hono on Node), the failed-sign-in lockout,
 * sign-in by a profile's username, and errors in the API's shape.
 */
export function authRoutes({ auth, db, config }: { auth: Auth; db: Database; config: Config }) {
  const guard = new SignInGuard(db);
  const limiter = new RateLimiter(db);

  /** Calls Better Auth with our client address in place of anything the client sent. */
  const forward = async (c: Context<AppEnv>, request: Request) => {
    const headers = new Headers(request.headers);
    headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c, config.trustProxy));
    // A browser's bodiless POST (sign-out) says Content-Length: 0 and no type, which Better
    // Auth refuses ("Content-Type is required"); it means an empty JSON object.
    if (request.method === 'POST' && headers.get('content-length') === '0' && !headers.has('content-type')) {
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      return toApiErrorResponse(await auth.handler(new Request(request.url, { method: 'POST', headers, body: '{}' })));
    }
    return toApiErrorResponse(await auth.handler(new Request(request, { headers })));
  };

  /** A JSON POST to Better Auth with the request's headers, for a body we have already read. */
  const jsonRequest = (c: Context<AppEnv>, path: string, body: unknown) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    return new Request(new URL(`${AUTH_BASE_PATH}${path}`, c.req.url), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
  };

  /** Sends an e-mail + password sign-in through the lockout. */
  const signIn = async (c: Context<AppEnv>, attempt: SignInAttempt & { email: string }, body: object) => {
    await guard.assertAllowed(attempt);
    const res = await forward(c, jsonRequest(c, '/sign-in/email', { ...body, email: attempt.email }));
    if (res.status === 401) await guard.recordFailure(attempt, 'invalid_credentials');
    else if (res.ok) await guard.recordSuccess(attempt);
    return res;
  };

  const attemptOf = (c: Context<AppEnv>, method: SignInAttempt['method'], email: string | null) => ({
    email,
    method,
    address: clientAddress(c, config.trustProxy),
    userAgent: c.req.header('user-agent'),
  });

  const router = createApiRouter()
    .openapi(providersRoute, (c) => c.json({ apple: Boolean(config.apple) }, 200))
    .openapi(usernameSignInRoute, async (c) => {
      const { username, password, rememberMe } = c.req.valid('json');
      const profile = await findProfileByUsername(db, username);
      if (!profile) {
        // Counts against the address, or usernames could be probed without limit.
        const attempt = attemptOf(c, 'username', null);
        await guard.assertAllowed(attempt);
        await guard.recordFailure(attempt, 'unknown_username');
        throw new AppError('USERNAME_NOT_FOUND', 'Username not found');
      }
      const res = await signIn(
        c,
        { ...attemptOf(c, 'username', profile.email), email: profile.email },
        { password, rememberMe },
      );
      // Better Auth's own response (session cookie included), passed on as it is.
      return res as never;
    });

  router.post('/sign-in/email', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { email?: unknown } | null;
    // Malformed bodies go straight to Better Auth, which refuses them.
    if (!body || typeof body.email !== 'string' || !body.email)
      return forward(c, jsonRequest(c, '/sign-in/email', body));
    const email = body.email.trim().toLowerCase();
    return signIn(c, { ...attemptOf(c, 'email', email), email }, body);
  });

  // Each reset request sends an e-mail: limited per address asked for and per client.
  router.post('/request-password-reset', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { email?: unknown } | null;
    if (body && typeof body.email === 'string') {
      const limits = passwordResetLimits(body.email, clientAddress(c, config.trustProxy));
      const states = await Promise.all(limits.map(([key, rule]) => limiter.consume(key, rule)));
      const refused = states.filter((state) => !state.allowed);
      if (refused.length) throw rateLimited(Math.max(...refused.map((state) => state.retryAfter)));
    }
    return forward(c, jsonRequest(c, '/request-password-reset', body));
  });

  router.on(['GET', 'POST'], '/*', (c) => forward(c, c.req.raw));
  return router;
}
