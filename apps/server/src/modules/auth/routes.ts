import {
  authProvidersSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  signOutResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  statusResponseSchema,
  verifyEmailQuerySchema,
} from '@atelier/contracts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { routedRequest } from '../../platform/http/api-version.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import * as rateLimiter from '../security/rate-limiter.ts';
import { revokeOtherSessions } from '../security/session-revocation.ts';
import { deleteResetTokens } from './account-claim.ts';
import { appleSignInRoutes } from './apple-sign-in-routes.ts';
import { consumeLimits, passwordResetLimits, signUpLimits } from './auth-limits.ts';
import { type AuthRouteDeps, forward, jsonRequest, passOn, redirectResponse } from './better-auth-proxy.ts';
import { openVerificationLink } from './email-verification.ts';
import { requireUser } from './require-user.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

/** The answer to every password-reset request, mailed or not (Better Auth's own words). */
const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const;

const providersRoute = apiRoute({
  method: 'get',
  path: '/providers',
  operationId: 'getAuthProviders',
  tag: 'auth',
  access: 'public',
  summary: 'Which third-party sign-in methods are configured (the login page shows their buttons)',
  responses: { 200: jsonContent(authProvidersSchema, 'Configured providers') },
});

const signUpRoute = apiRoute({
  method: 'post',
  path: '/sign-up/email',
  operationId: 'signUpWithEmail',
  tag: 'auth',
  access: 'public',
  rateLimited: true,
  summary: 'Create an account (30 credits) and sign in; sets the session cookie and mails an activation link',
  description:
    'At most 5 sign-ups an hour from one client (an IPv6 client by its /64; a taken address counts too), and ' +
    'a burst limit on the accounts one network opens at subdomains of one registrable mail domain (an ' +
    'attempt on a taken address does not count; no limit is ever shared by everyone at a domain). Until the address is verified the account is only a claim on it: verifying ends every ' +
    'session made before, and when the link is opened where the account is not signed in, the password set ' +
    'at sign-up is voided and the link leads to choosing a new one.',
  request: jsonBody(signUpRequestSchema),
  responses: {
    200: jsonContent(signUpResponseSchema, 'Signed up and signed in'),
    409: errorResponse('An account with this e-mail exists (USER_ALREADY_EXISTS)'),
  },
});

const signOutRoute = apiRoute({
  method: 'post',
  path: '/sign-out',
  operationId: 'signOut',
  tag: 'auth',
  access: 'optional',
  summary: 'Sign out: ends the session of the cookie and clears the cookie',
  responses: {
    200: jsonContent(signOutResponseSchema, 'Signed out'),
    400: errorResponse('No session to end (VALIDATION_ERROR)'),
  },
});

const sessionRoute = apiRoute({
  method: 'get',
  path: '/get-session',
  operationId: 'getSession',
  tag: 'auth',
  access: 'optional',
  summary: 'The session of the cookie and its account, or null',
  responses: { 200: jsonContent(sessionResponseSchema, 'The session, or null without one') },
});

const requestResetRoute = apiRoute({
  method: 'post',
  path: '/request-password-reset',
  operationId: 'requestPasswordReset',
  tag: 'auth',
  access: 'public',
  rateLimited: true,
  summary: 'Mail a password-reset link (valid 60 minutes, once)',
  description:
    'Answers the same whether or not an account has the address, and whether or not a mail goes: past 5 ' +
    'mails an hour to one address the request is dropped quietly, and the links mailed before stay valid ' +
    'until one is used. At most 30 requests an hour per client (429).',
  request: jsonBody(passwordResetRequestSchema),
  responses: { 200: jsonContent(statusResponseSchema, 'Mailed, if there is such an account') },
});

const resetPasswordRoute = apiRoute({
  method: 'post',
  path: '/reset-password',
  operationId: 'resetPassword',
  tag: 'auth',
  access: 'public',
  summary: "Set a new password with a reset link's token; every session and every other reset link of the account ends",
  request: jsonBody(resetPasswordRequestSchema),
  responses: {
    200: jsonContent(statusResponseSchema, 'The password is changed'),
    400: errorResponse('Malformed, or the token is unknown, used or expired (VALIDATION_ERROR)'),
  },
});

const verifyEmailRoute = apiRoute({
  method: 'get',
  path: '/verify-email',
  operationId: 'verifyEmail',
  tag: 'auth',
  access: 'public',
  summary: "The activation link's target: confirms the e-mail address and signs the account in",
  description:
    'Confirming the address ends every session the account had. Opened where the account is signed in, the ' +
    'new session carries on; opened anywhere else, the password set at sign-up (by whoever typed the address) ' +
    'is voided and the answer leads to `/reset-password?token=…&claim=1` to choose one.',
  request: { query: verifyEmailQuerySchema },
  responses: {
    200: jsonContent(statusResponseSchema, 'Confirmed (without a callbackURL)'),
    302: redirectResponse('Confirmed, or not (`?error=` says why): on to callbackURL, or to choose a password'),
    400: errorResponse('The token is unknown, used or expired (VALIDATION_ERROR), without a callbackURL'),
    403: errorResponse('The callbackURL is not an address of this site (FORBIDDEN): no open redirects'),
  },
});

const changePasswordRoute = apiRoute({
  method: 'post',
  path: '/change-password',
  operationId: 'changePassword',
  tag: 'auth',
  access: 'user',
  summary: "Change the caller's password (recorded as a security event)",
  description:
    'The session that asks carries on; every other session of the account ends (each recorded as ' +
    '`session_revoked`), as a password reset ends them, and so do reset links sent before the change.',
  middleware: [requireUser] as const,
  request: jsonBody(changePasswordRequestSchema),
  responses: {
    200: jsonContent(changePasswordResponseSchema, 'Changed'),
    401: errorResponse('Not signed in (UNAUTHENTICATED), or the current password is wrong (INVALID_CREDENTIALS)'),
    409: errorResponse('The account has no password to change (PASSWORD_NOT_SET): it sets one with a reset link'),
  },
});

/**
 * /api/auth: Better Auth's handler, with what it cannot do by itself in front of it — the
 * client address (it cannot see the socket under Hono on Node), the failed-sign-in lockout,
 * sign-in by a profile's username, the account claim of a verification link, and errors in
 * the API's shape. Sign-in, two-factor sign-in and Apple's routes have files of their own.
 */
export function authRoutes(deps: AuthRouteDeps) {
  const { config } = deps;
  const { db } = deps.claims;

  // Only the operations below reach Better Auth: its other endpoints (update-user,
  // delete-user, change-email …) would go around Atelier's own rules, and answer 404 here.
  // Mounted in this order so the API document lists them as before.
  return createApiRouter()
    .openapi(providersRoute, (c) => c.json({ apple: Boolean(config.apple) }, 200))
    .openapi(signUpRoute, async (c) => {
      const body = c.req.valid('json');
      const limits = signUpLimits(body.email, clientAddress(c, config.trustProxy), config.signUpLimits);
      const { newAccounts } = limits;
      await consumeLimits(db, [limits.everyAttempt], newAccounts ? [newAccounts] : []);
      const res = await forward(deps, c, jsonRequest(c, '/sign-up/email', body));
      if (res.ok && newAccounts) await rateLimiter.hit(db, ...newAccounts);
      return passOn(res);
    })
    .route('/', signInRoutes(deps))
    .openapi(signOutRoute, async (c) => passOn(await forward(deps, c, jsonRequest(c, '/sign-out', {}))))
    .openapi(sessionRoute, async (c) => passOn(await forward(deps, c, routedRequest(c))))
    .openapi(requestResetRoute, async (c) => {
      // Each reset request may send an e-mail: the sender is limited; past the mails an address
      // may get, the request is dropped with the same answer (its RateLimit headers are the
      // sender's alone, so they do not tell either).
      const body = c.req.valid('json');
      const limits = passwordResetLimits(body.email, clientAddress(c, config.trustProxy));
      await consumeLimits(db, [limits.sender]);
      if (!(await rateLimiter.consume(db, ...limits.mailbox)).allowed) return c.json(RESET_REQUESTED, 200);
      return passOn(await forward(deps, c, jsonRequest(c, '/request-password-reset', body)));
    })
    .openapi(resetPasswordRoute, async (c) =>
      passOn(await forward(deps, c, jsonRequest(c, '/reset-password', c.req.valid('json')))),
    )
    .openapi(verifyEmailRoute, async (c) => passOn(await openVerificationLink(deps, c)))
    .openapi(changePasswordRoute, async (c) => {
      const res = await forward(deps, c, jsonRequest(c, '/change-password', c.req.valid('json')));
      if (res.ok) {
        const user = c.get('user');
        // A reset link sent before the change would undo it: they all die with the old password.
        await deleteResetTokens(db, user.id);
        // Whoever signed in elsewhere with the old password is shut out; the caller's session stays.
        const by = { sessionId: user.sessionId, userAgent: c.req.header('user-agent') ?? null };
        await revokeOtherSessions(db, { id: user.sessionId, userId: user.id }, 'password_changed', by);
      }
      return passOn(res);
    })
    .route('/', twoFactorRoutes(deps))
    .route('/', appleSignInRoutes(deps));
}
