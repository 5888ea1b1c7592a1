import {
  emailSignInRequestSchema,
  signInResponseSchema,
  twoFactorChallengeSchema,
  usernameSignInSchema,
} from '@atelier/contracts';
import type { Context } from 'hono';
import { z } from 'zod';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { findProfileByUsername } from '../profiles/repo.ts';
import { type AuthRouteDeps, forward, jsonRequest, passOn } from './better-auth-proxy.ts';
import { assertSignInAllowed, recordSignInFailure, recordSignInSuccess, type SignInAttempt } from './sign-in-guard.ts';

const emailSignInRoute = apiRoute({
  method: 'post',
  path: '/sign-in/email',
  operationId: 'signInWithEmail',
  tag: 'auth',
  access: 'public',
  rateLimited: true,
  summary: 'Sign in with an e-mail and password; sets the session cookie',
  description:
    'Five failed attempts in 60 minutes from one client block that client for 15 minutes. After ten failed ' +
    'attempts on one account from anywhere, each further attempt on it waits a little longer (1 s, 2 s … a ' +
    'minute). An account with two-factor sign-in answers a `TwoFactorChallenge` instead of a session.',
  request: jsonBody(emailSignInRequestSchema),
  responses: {
    200: jsonContent(z.union([signInResponseSchema, twoFactorChallengeSchema]), 'Signed in, or a code is asked for'),
    401: errorResponse('Wrong e-mail or password (INVALID_CREDENTIALS)'),
  },
});

const usernameSignInRoute = apiRoute({
  method: 'post',
  path: '/sign-in/username',
  operationId: 'signInWithUsername',
  tag: 'auth',
  access: 'public',
  rateLimited: true,
  summary: 'Sign in with a username (case-insensitive) and password; sets the session cookie',
  description: 'Shares the lockout of `signInWithEmail`; an unknown username counts against the client.',
  request: jsonBody(usernameSignInSchema),
  responses: {
    200: jsonContent(z.union([signInResponseSchema, twoFactorChallengeSchema]), 'Signed in, or a code is asked for'),
    401: errorResponse('Wrong password (INVALID_CREDENTIALS)'),
    404: errorResponse('No account has this username (USERNAME_NOT_FOUND)'),
  },
});

/** /api/auth/sign-in: a password sign-in by e-mail or by username, both through the lockout. */
export function signInRoutes(deps: AuthRouteDeps) {
  const { config } = deps;
  const { db } = deps.claims;
  /** Sends an e-mail + password sign-in through the lockout. */
  const signIn = async (c: Context<AppEnv>, attempt: SignInAttempt & { email: string }, body: object) => {
    await assertSignInAllowed(db, attempt);
    const res = await forward(deps, c, jsonRequest(c, '/sign-in/email', { ...body, email: attempt.email }));
    if (res.status === 401) await recordSignInFailure(db, attempt, 'invalid_credentials');
    else if (res.ok) await recordSignInSuccess(db, attempt);
    return res;
  };

  const attemptOf = (c: Context<AppEnv>, method: SignInAttempt['method'], email: string | null) => ({
    email,
    method,
    address: clientAddress(c, config.trustProxy),
    userAgent: c.req.header('user-agent'),
  });

  return createApiRouter()
    .openapi(emailSignInRoute, async (c) => {
      const body = c.req.valid('json');
      const email = body.email.toLowerCase();
      return passOn(await signIn(c, { ...attemptOf(c, 'email', email), email }, body));
    })
    .openapi(usernameSignInRoute, async (c) => {
      const { username, password, rememberMe } = c.req.valid('json');
      const profile = await findProfileByUsername(db, username);
      if (!profile) {
        // Counts against the address, or usernames could be probed without limit.
        const attempt = attemptOf(c, 'username', null);
        await assertSignInAllowed(db, attempt);
        await recordSignInFailure(db, attempt, 'unknown_username');
        throw new AppError('USERNAME_NOT_FOUND', 'Username not found');
      }
      const attempt = { ...attemptOf(c, 'username', profile.email), email: profile.email };
      return passOn(await signIn(c, attempt, { password, rememberMe }));
    });
}
