import {
  backupCodeRequestSchema,
  disableTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  enableTwoFactorResponseSchema,
  signUpResponseSchema,
  statusResponseSchema,
  twoFactorCodeRequestSchema,
} from '@atelier/contracts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { AppError, rateLimited } from '../../platform/http/app-error.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import * as rateLimiter from '../security/rate-limiter.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import { consumeLimits, twoFactorAccountLimit, twoFactorCodeLimit, twoFactorSetupLimit } from './auth-limits.ts';
import { type AuthRouteDeps, forward, jsonRequest, passOn } from './better-auth-proxy.ts';
import { requireUser } from './require-user.ts';
import { totpQrCodeSvg, totpSecretOf } from './totp-qr-code.ts';
import { pendingTwoFactorUser } from './two-factor-challenge.ts';

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

/** /api/auth/two-factor: turning two-factor sign-in on and off, and the sign-in's second step. */
export function twoFactorRoutes(deps: AuthRouteDeps) {
  const { config } = deps;
  const { db } = deps.claims;
  return createApiRouter()
    .openapi(enableTwoFactorRoute, async (c) => {
      const user = c.get('user');
      await consumeLimits(db, [twoFactorSetupLimit(user.id)]);
      // Before the address is proven the account may be someone else's claim on it: a second
      // factor set up then would lock the owner out.
      if (!user.claimedAt) {
        throw new AppError('EMAIL_NOT_CONFIRMED', 'Confirm your e-mail address before turning on two-factor sign-in');
      }
      const res = await forward(
        deps,
        c,
        jsonRequest(c, '/two-factor/enable', { password: c.req.valid('json').password }),
      );
      if (!res.ok) return passOn(res);
      const { totpURI, backupCodes } = (await res.json()) as { totpURI: string; backupCodes: string[] };
      const body = { totpURI, secret: totpSecretOf(totpURI), qrCodeSvg: await totpQrCodeSvg(totpURI), backupCodes };
      return c.json(body, 200, { 'cache-control': 'no-store' });
    })
    .openapi(verifyTwoFactorRoute, async (c) => {
      await consumeLimits(db, [twoFactorCodeLimit(clientAddress(c, config.trustProxy))]);
      // The account of the sign-in waiting for this code waits itself after many wrong ones.
      const pendingFor = await pendingTwoFactorUser(db, c.req.header('cookie'));
      const wait = pendingFor ? await rateLimiter.check(db, twoFactorAccountLimit(pendingFor)[0]) : null;
      if (wait && !wait.allowed) throw rateLimited(wait.retryAfter);
      const signedIn = await c
        .get('getSessionUser')(c.req.raw.headers)
        .catch(() => null);
      const res = await forward(deps, c, jsonRequest(c, '/two-factor/verify-totp', { code: c.req.valid('json').code }));
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
      return passOn(await forward(deps, c, jsonRequest(c, '/two-factor/verify-backup-code', c.req.valid('json'))));
    })
    .openapi(disableTwoFactorRoute, async (c) => {
      const user = c.get('user');
      await consumeLimits(db, [twoFactorSetupLimit(user.id)]);
      const res = await forward(deps, c, jsonRequest(c, '/two-factor/disable', c.req.valid('json')));
      if (res.ok) await logSecurityEvent(db, { eventType: 'two_factor_disabled', userId: user.id, severity: 'high' });
      return passOn(res);
    });
}
