import {
  authProvidersSchema,
  backupCodeRequestSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  disableTwoFactorRequestSchema,
  emailSignInRequestSchema,
  enableTwoFactorRequestSchema,
  enableTwoFactorResponseSchema,
  passwordResetRequestSchema,
  redirectUrlResponseSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  signInResponseSchema,
  signOutResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  socialSignInRequestSchema,
  statusResponseSchema,
  twoFactorChallengeSchema,
  twoFactorCodeRequestSchema,
  usernameSignInSchema,
  verifyEmailQuerySchema,
} from '@atelier/contracts';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { routedRequest } from '../../platform/http/api-version.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { AppError, rateLimited } from '../../platform/http/app-error.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { promoteListedAdmin } from '../admin/roles.ts';
import { findProfileByUsername } from '../profiles/repo.ts';
import { reportTightestRateLimit } from '../security/enforce-rate-limit.ts';
import type { RateLimitRule } from '../security/rate-limiter.ts';
import * as rateLimiter from '../security/rate-limiter.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import { revokeOtherSessions } from '../security/session-revocation.ts';
import {
  type ClaimDeps,
  claimAndSettle,
  deleteResetTokens,
  endSessionsSince,
  issueResetToken,
  vouchForNewSessions,
} from './account-claim.ts';
import { APPLE_PROVIDER_ID, AUTH_BASE_PATH, type Auth, CLIENT_ADDRESS_HEADER } from './auth.ts';
import { toApiErrorResponse } from './auth-errors.ts';
import {
  type Limit,
  passwordResetLimits,
  signUpLimits,
  twoFactorAccountLimit,
  twoFactorCodeLimit,
} from './auth-limits.ts';
import { findAuthUserByEmail, isEmailVerified, verificationTokenEmail } from './email-verification.ts';
import { requireUser } from './require-user.ts';
import { assertSignInAllowed, recordSignInFailure, recordSignInSuccess, type SignInAttempt } from './sign-in-guard.ts';
import { totpQrCodeSvg, totpSecretOf } from './totp-qr-code.ts';
import { pendingTwoFactorUser } from './two-factor-challenge.ts';

/** Turning two-factor sign-in on or off (each needs the password): a handful an hour. */
const TWO_FACTOR_SETUP_RULE: RateLimitRule = { maxAttempts: 10, windowMinutes: 60, blockMinutes: 60 };
/** The answer to every password-reset request, mailed or not (Better Auth's own words). */
const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const;

const redirect = (description: string) => ({
  description,
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' as const } } },
});
const wrongPassword = errorResponse('Wrong e-mail or password (INVALID_CREDENTIALS)');

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
    401: wrongPassword,
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
    302: redirect('Confirmed, or not (`?error=` says why): on to callbackURL, or to choose a password'),
    401: errorResponse('The token is invalid or expired (UNAUTHENTICATED), without a callbackURL'),
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

const socialSignInRoute = apiRoute({
  method: 'post',
  path: '/sign-in/social',
  operationId: 'startAppleSignIn',
  tag: 'auth',
  access: 'public',
  summary: "Start Sign in with Apple: answers Apple's sign-in address to send the browser to",
  description: 'Apple posts the result back to `/auth/callback/apple`, which signs in and redirects to callbackURL.',
  request: jsonBody(socialSignInRequestSchema),
  responses: {
    200: jsonContent(redirectUrlResponseSchema, "Apple's sign-in page"),
    404: errorResponse('Sign in with Apple is not configured (NOT_FOUND)'),
  },
});

/** What Apple sends back: the authorization code and state, by form_post. */
const appleCallbackForm = {
  type: 'object' as const,
  properties: {
    code: { type: 'string' as const, maxLength: 2048 },
    state: { type: 'string' as const, maxLength: 2048 },
    user: { type: 'string' as const, maxLength: 2048, description: "The user's name, sent once" },
    error: { type: 'string' as const, maxLength: 2048 },
  },
};

const appleCallbackRoute = (method: 'get' | 'post') =>
  apiRoute({
    method,
    path: `/callback/${APPLE_PROVIDER_ID}`,
    operationId: method === 'get' ? 'appleSignInCallback' : 'appleSignInFormPost',
    tag: 'auth',
    access: 'public',
    crossSite: true,
    summary:
      method === 'get'
        ? 'Where Apple sends the browser back (query), to finish Sign in with Apple'
        : "Where Apple posts the result (form_post, from Apple's site), to finish Sign in with Apple",
    ...(method === 'post'
      ? {
          request: {
            body: {
              required: true,
              content: { 'application/x-www-form-urlencoded': { schema: appleCallbackForm } },
            },
          },
        }
      : {}),
    responses: {
      302: redirect('Signed in (a new account is created on the first sign-in), or `?error=`: on to callbackURL'),
      404: errorResponse('Sign in with Apple is not configured (NOT_FOUND)'),
    },
  });

const enableTwoFactorRoute = apiRoute({
  method: 'post',
  path: '/two-factor/enable',
  operationId: 'enableTwoFactor',
  tag: 'auth',
  access: 'user',
  rateLimited: true,
  summary: 'Start turning on two-factor sign-in: the authenticator secret (and its QR code) and backup codes',
  description:
    'Needs the password and an account whose address is verified. Two-factor sign-in is on once a first ' +
    'code from the app is confirmed with `verifyTwoFactorCode`.',
  middleware: [requireUser] as const,
  request: jsonBody(enableTwoFactorRequestSchema),
  responses: {
    200: jsonContent(enableTwoFactorResponseSchema, 'Set up the app with this, then confirm a code'),
    401: errorResponse('Not signed in (UNAUTHENTICATED), or the password is wrong (INVALID_CREDENTIALS)'),
    403: errorResponse('The address is not verified yet (EMAIL_NOT_CONFIRMED)'),
    409: errorResponse('Two-factor sign-in is on already (TWO_FACTOR_ALREADY_ENABLED)'),
  },
});

const verifyTwoFactorRoute = apiRoute({
  method: 'post',
  path: '/two-factor/verify-totp',
  operationId: 'verifyTwoFactorCode',
  tag: 'auth',
  access: 'public',
  rateLimited: true,
  summary: "A code from the authenticator app: the sign-in's second step, or the confirmation that turns it on",
  description:
    'After a `TwoFactorChallenge` (the cookie it set says which sign-in), a right code signs in. Signed in ' +
    'while turning two-factor on, a right code turns it on. Five wrong codes end the sign-in attempt; 30 an ' +
    'hour from one client block that client for 15 minutes; after 10 for one account each further one waits ' +
    '1 s, 2 s … a minute. Never a lock of the account: a backup code still signs in.',
  request: jsonBody(twoFactorCodeRequestSchema),
  responses: {
    200: jsonContent(signUpResponseSchema, 'Signed in (the session cookie is set), or turned on'),
    401: errorResponse(
      'The code is wrong (INVALID_TWO_FACTOR_CODE), or the sign-in waiting for it has ended (TWO_FACTOR_EXPIRED)',
    ),
  },
});

const verifyBackupCodeRoute = apiRoute({
  method: 'post',
  path: '/two-factor/verify-backup-code',
  operationId: 'verifyBackupCode',
  tag: 'auth',
  access: 'public',
  rateLimited: true,
  summary: "A backup code in place of the app's code, at the sign-in's second step (each code works once)",
  description:
    'Not held back by the block on wrong authenticator codes, so the owner gets in with a backup code whatever ' +
    'others tried; five wrong codes end the sign-in attempt.',
  request: jsonBody(backupCodeRequestSchema),
  responses: {
    200: jsonContent(signUpResponseSchema, 'Signed in: the session cookie is set'),
    401: errorResponse(
      'The code is wrong or used (INVALID_TWO_FACTOR_CODE), or the sign-in has ended (TWO_FACTOR_EXPIRED)',
    ),
  },
});

const disableTwoFactorRoute = apiRoute({
  method: 'post',
  path: '/two-factor/disable',
  operationId: 'disableTwoFactor',
  tag: 'auth',
  access: 'user',
  rateLimited: true,
  summary: 'Turn two-factor sign-in off (needs the password)',
  middleware: [requireUser] as const,
  request: jsonBody(disableTwoFactorRequestSchema),
  responses: {
    200: jsonContent(statusResponseSchema, 'Turned off'),
    401: errorResponse('Not signed in (UNAUTHENTICATED), or the password is wrong (INVALID_CREDENTIALS)'),
  },
});

/**
 * /api/auth: Better Auth's handler, with what it cannot do by itself in front of it — the
 * client address (it cannot see the socket under Hono on Node), the failed-sign-in lockout,
 * sign-in by a profile's username, and errors in the API's shape.
 */
export function authRoutes({ auth, config, claims }: { auth: Auth; config: Config; claims: ClaimDeps }) {
  const { db } = claims;
  /**
   * Counts an attempt under each of `counted`, and looks whether any of `checked` is blocked
   * (those are counted by the caller once it knows the attempt's outcome); 429 with the longest
   * wait when any refuses.
   */
  const consumeLimits = async (counted: Limit[], checked: Limit[] = []) => {
    const states = await Promise.all([
      ...counted.map(([key, rule]) => rateLimiter.consume(db, key, rule)),
      ...checked.map(([key]) => rateLimiter.check(db, key)),
    ]);
    reportTightestRateLimit(states.map((state, i) => [state, [...counted, ...checked][i]![1]]));
    const refused = states.filter((state) => !state.allowed);
    if (refused.length) throw rateLimited(Math.max(...refused.map((state) => state.retryAfter)));
  };

  /**
   * The verification link: Better Auth confirms the address; Atelier then hands the account to
   * whoever proved it (account-claim.ts). The request goes on without its cookie, so Better Auth
   * always makes a fresh session, after the claim's moment — the sessions before it all end.
   */
  const verifyEmail = async (c: Context<AppEnv>) => {
    const email = verificationTokenEmail(c.req.query('token') ?? '');
    const account = email ? await findAuthUserByEmail(db, email) : undefined;
    if (!account || account.emailVerified) return forward(c, routedRequest(c));
    const claimant = await c
      .get('getSessionUser')(c.req.raw.headers, { touch: false })
      .catch(() => null);
    const at = new Date();
    const headers = new Headers(c.req.raw.headers);
    headers.delete('cookie');
    const res = await forward(c, new Request(c.req.raw, { headers }));
    if (!(await isEmailVerified(db, account.id))) return res;

    const keepPassword = claimant?.id === account.id;
    const facts = { userId: account.id, at, keepPassword, via: 'verification_link' } as const;
    const { passwordVoided } = await claimAndSettle(claims, facts, { newlyVerified: true });
    if (passwordVoided) {
      // Whoever set that password may not be the owner: no session on it, and the owner chooses one.
      await endSessionsSince(db, account.id, at);
      const token = await issueResetToken(db, account.id);
      // Better Auth's answer would set the cookie of the session just ended: a plain redirect instead.
      return new Response(null, {
        status: 302,
        headers: { location: `/reset-password?token=${encodeURIComponent(token)}&claim=1` },
      });
    }
    if (keepPassword) {
      for (const session of await vouchForNewSessions(db, account.id, at)) {
        await promoteListedAdmin(db, config.adminEmails, session);
      }
    }
    return res;
  };

  /** Calls Better Auth with our client address in place of anything the client sent. */
  const forward = async (c: Context<AppEnv>, request: Request) => {
    const headers = new Headers(request.headers);
    headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c, config.trustProxy));
    return toApiErrorResponse(await auth.handler(new Request(request, { headers })));
  };

  /**
   * A JSON POST to Better Auth with the request's headers and a body Atelier has checked: only
   * the fields its schema names go on. (A browser's bodiless sign-out becomes `{}` this way.)
   */
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
    await assertSignInAllowed(db, attempt);
    const res = await forward(c, jsonRequest(c, '/sign-in/email', { ...body, email: attempt.email }));
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

  /** Better Auth's own answer (session cookie included), passed on as it is. */
  const passOn = (res: Response) => res as never;
  /** Apple's routes exist only when Sign in with Apple is configured. */
  const assertApple = () => {
    if (!config.apple) throw new AppError('NOT_FOUND', 'Sign in with Apple is not configured');
  };

  // Only the operations below reach Better Auth: its other endpoints (update-user,
  // delete-user, change-email …) would go around Atelier's own rules, and answer 404 here.
  return createApiRouter()
    .openapi(providersRoute, (c) => c.json({ apple: Boolean(config.apple) }, 200))
    .openapi(signUpRoute, async (c) => {
      const body = c.req.valid('json');
      const limits = signUpLimits(body.email, clientAddress(c, config.trustProxy), config.signUpLimits);
      const { newAccounts } = limits;
      await consumeLimits([limits.everyAttempt], newAccounts ? [newAccounts] : []);
      const res = await forward(c, jsonRequest(c, '/sign-up/email', body));
      if (res.ok && newAccounts) await rateLimiter.hit(db, ...newAccounts);
      return passOn(res);
    })
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
    })
    .openapi(signOutRoute, async (c) => passOn(await forward(c, jsonRequest(c, '/sign-out', {}))))
    .openapi(sessionRoute, async (c) => passOn(await forward(c, routedRequest(c))))
    .openapi(requestResetRoute, async (c) => {
      // Each reset request may send an e-mail: the sender is limited; past the mails an address
      // may get, the request is dropped with the same answer (its RateLimit headers are the
      // sender's alone, so they do not tell either).
      const body = c.req.valid('json');
      const limits = passwordResetLimits(body.email, clientAddress(c, config.trustProxy));
      await consumeLimits([limits.sender]);
      if (!(await rateLimiter.consume(db, ...limits.mailbox)).allowed) return c.json(RESET_REQUESTED, 200);
      return passOn(await forward(c, jsonRequest(c, '/request-password-reset', body)));
    })
    .openapi(resetPasswordRoute, async (c) =>
      passOn(await forward(c, jsonRequest(c, '/reset-password', c.req.valid('json')))),
    )
    .openapi(verifyEmailRoute, async (c) => passOn(await verifyEmail(c)))
    .openapi(changePasswordRoute, async (c) => {
      const res = await forward(c, jsonRequest(c, '/change-password', c.req.valid('json')));
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
    .openapi(enableTwoFactorRoute, async (c) => {
      const user = c.get('user');
      await consumeLimits([[`two-factor:user:${user.id}`, TWO_FACTOR_SETUP_RULE]]);
      // Before the address is proven the account may be someone else's claim on it: a second
      // factor set up then would lock the owner out.
      if (!user.claimedAt) {
        throw new AppError('EMAIL_NOT_CONFIRMED', 'Confirm your e-mail address before turning on two-factor sign-in');
      }
      const res = await forward(c, jsonRequest(c, '/two-factor/enable', { password: c.req.valid('json').password }));
      if (!res.ok) return passOn(res);
      const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] };
      const body = { totpURI, secret: totpSecretOf(totpURI), qrCodeSvg: await totpQrCodeSvg(totpURI), backupCodes };
      return c.json(body, 200, { 'cache-control': 'no-store' });
    })
    .openapi(verifyTwoFactorRoute, async (c) => {
      await consumeLimits([twoFactorCodeLimit(clientAddress(c, config.trustProxy))]);
      // The account of the sign-in waiting for this code waits itself after many wrong ones.
      const pendingFor = await pendingTwoFactorUser(db, c.req.header('cookie'));
      const wait = pendingFor ? await rateLimiter.check(db, twoFactorAccountLimit(pendingFor)[0]) : null;
      if (wait && !wait.allowed) throw rateLimited(wait.retryAfter);
      const signedIn = await c
        .get('getSessionUser')(c.req.raw.headers)
        .catch(() => null);
      const res = await forward(c, jsonRequest(c, '/two-factor/verify-totp', { code: c.req.valid('json').code }));
      if (pendingFor && res.status === 401) await rateLimiter.delay(db, ...twoFactorAccountLimit(pendingFor));
      else if (pendingFor && res.ok) await rateLimiter.reset(db, twoFactorAccountLimit(pendingFor)[0]);
      // Signed in, a right code is the confirmation that turns two-factor sign-in on.
      if (res.ok && signedIn) {
        await logSecurityEvent(db, { eventType: 'two_factor_enabled', userId: signedIn.id, severity: 'medium' });
      }
      return passOn(res);
    })
    .openapi(verifyBackupCodeRoute, async (c) => {
      // A backup code is ten random characters and each sign-in takes five tries: no block on
      // the sender is needed, and none may keep the owner from the way in they kept for this.
      return passOn(await forward(c, jsonRequest(c, '/two-factor/verify-backup-code', c.req.valid('json'))));
    })
    .openapi(disableTwoFactorRoute, async (c) => {
      const user = c.get('user');
      await consumeLimits([[`two-factor:user:${user.id}`, TWO_FACTOR_SETUP_RULE]]);
      const res = await forward(c, jsonRequest(c, '/two-factor/disable', c.req.valid('json')));
      if (res.ok) await logSecurityEvent(db, { eventType: 'two_factor_disabled', userId: user.id, severity: 'high' });
      return passOn(res);
    })
    .openapi(socialSignInRoute, async (c) => {
      assertApple();
      return passOn(await forward(c, jsonRequest(c, '/sign-in/social', c.req.valid('json'))));
    })
    .openapi(appleCallbackRoute('get'), async (c) => {
      assertApple();
      return passOn(await forward(c, routedRequest(c)));
    })
    .openapi(appleCallbackRoute('post'), async (c) => {
      assertApple();
      return passOn(await forward(c, routedRequest(c)));
    });
}
