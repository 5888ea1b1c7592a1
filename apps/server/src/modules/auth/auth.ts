import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_EXPIRES_MINUTES, TWO_FACTOR_BACKUP_CODES } from '@atelier/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Config } from '../../platform/config/config.ts';
import { resolveSessionSecret } from '../../platform/config/session-secret.ts';
import type { Database, Transaction } from '../../platform/db/database.ts';
import {
  authAccounts,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
} from '../../platform/db/schema/index.ts';
import { promoteListedAdmin, type SessionFacts } from '../admin/roles.ts';
import { findProfile } from '../profiles/repo.ts';
import { createProfile } from '../profiles/service.ts';
import { recordReferral, referralCodeOf } from '../referrals/record-referral.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import { enforceSessionLimit } from '../security/session-revocation.ts';
import { accountChangeEvents } from './account-change-events.ts';
import { type ClaimDeps, claimAndSettle } from './account-claim.ts';
import { ACCOUNT_DISABLED_MESSAGE, accountStanding } from './account-gate.ts';
import { appleClientSecret } from './apple-client-secret.ts';
import { activationMail, passwordResetMail } from './mail-templates.ts';
import * as repo from './repo.ts';
import { requestLanguage } from './request-language.ts';
import { signInMethodOf } from './sign-in-method.ts';

/** The auth routes hand Better Auth the client address in this header (see auth-routes.ts). */
export const CLIENT_ADDRESS_HEADER = 'x-atelier-client-address';
export const AUTH_BASE_PATH = '/api/auth';
/** Where e-mail verification and third-party sign-in land in the SPA. */
export const AUTH_CALLBACK_PATH = '/auth/callback';
export const APPLE_PROVIDER_ID = 'apple';

export interface AuthDeps extends ClaimDeps {
  config: Config;
}

/**
 * Lets the drizzle adapter's transactions be seen by our hooks: the profile of a new user is
 * written with the same transaction handle as the user row (Better Auth runs sign-up, and
 * the user + account of a first third-party sign-in, in one transaction).
 */
function withVisibleTransactions(db: Database, current: AsyncLocalStorage<Transaction>): Database {
  const wrapper = Object.create(db) as Database;
  wrapper.transaction = ((fn, config) =>
    db.transaction((tx) => current.run(tx, () => fn(tx)), config)) as Database['transaction'];
  return wrapper;
}

export function createAuth(deps: AuthDeps) {
  const { config, db, mailer, logger } = deps;
  const currentTransaction = new AsyncLocalStorage<Transaction>();
  const log = logger.child({ module: 'auth' });
  const apple = config.apple;

  const languageOf = async (userId: string) => (await findProfile(db, userId))?.language;

  return betterAuth({
    appName: 'Atelier',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: resolveSessionSecret(config.sessionSecret, config.dataDir),
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Failed sign-ins are limited by our database-backed limiter (auth-routes.ts), shared by
    // every process; Better Auth's own limiter keeps counts in process memory.
    rateLimit: { enabled: false },
    logger: {
      level: 'warn',
      // Only the message: Better Auth's extra arguments may hold request bodies.
      log: (level, message) => log[level](message),
    },
    database: drizzleAdapter(withVisibleTransactions(db, currentTransaction), {
      provider: 'pg',
      transaction: true,
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
      },
    }),
    session: {
      // Set by the session hook below from the endpoint that makes the session; never by a client.
      additionalFields: { signInMethod: { type: 'string', required: false, input: false } },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_EXPIRES_MINUTES * 60,
      // Whoever reset the password may be locking out someone who stole the old one.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // Every link mailed stays valid until one is used (or the password changes): a request
        // anyone can send must not void the link the owner is about to open.
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail(user.email, await languageOf(user.id), link));
      },
      onPasswordReset: async ({ user }) => {
        await logSecurityEvent(db, { eventType: 'password_reset', userId: user.id, severity: 'medium' });
        // The link came to the address: whoever used it proved it, and the password is theirs.
        // Claiming ends every session and the reset links still outstanding.
        const newlyVerified = await repo.updateEmailVerified(db, user.id);
        const facts = { userId: user.id, at: new Date(), keepPassword: true, via: 'password_reset' } as const;
        await claimAndSettle(deps, facts, { newlyVerified });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${config.publicUrl}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(AUTH_CALLBACK_PATH)}`;
        await mailer.send(activationMail(user.email, await languageOf(user.id), link));
      },
      // What a verification sets off runs after the claim (routes.ts, claimAndSettle), not here.
    },
    // Password changes by a signed-in user become security events.
    hooks: { after: accountChangeEvents(db) },
    databaseHooks: {
      // A user keeps at most three sessions: a fourth sign-in ends the oldest (modules/security).
      session: {
        create: {
          // Every way of signing in (e-mail, username, Apple, a verification link) makes a
          // session here: a disabled account gets none, and each session notes how it was made.
          before: async (session, ctx) => {
            // Inside sign-up's transaction on PGlite, a query outside it would wait for it forever.
            const standing = await accountStanding(currentTransaction.getStore() ?? db, session.userId);
            if (standing?.disabled) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: ACCOUNT_DISABLED_MESSAGE });
            }
            const carried = (session as { signInMethod?: unknown }).signInMethod;
            return { data: { ...session, signInMethod: signInMethodOf(ctx?.path, carried) } };
          },
          after: async (session) => {
            await enforceSessionLimit(db, session.userId);
            await promoteListedAdmin(db, config.adminEmails, session as SessionFacts);
          },
        },
      },
      user: {
        create: {
          // Runs inside the user's transaction, before the user row: the profile (with the
          // sign-up credits) and the user commit or roll back together.
          before: async (user, ctx) => {
            const tx = currentTransaction.getStore();
            if (!tx) throw new Error('Users must be created inside a transaction');
            const id = randomUUID();
            const body = ctx?.body as { language?: unknown } | undefined;
            const language = requestLanguage(body?.language, ctx?.headers?.get('accept-language'));
            // An account made through Apple comes with its address proven by Apple: claimed at once.
            const claimedAt = user.emailVerified ? new Date() : null;
            await createProfile(tx, { userId: id, email: user.email.toLowerCase(), language, claimedAt });
            // A `?ref=` code from the body (e-mail sign-up) or the SPA's cookie (any sign-up).
            const referralCode = referralCodeOf(ctx?.body, ctx?.headers?.get('cookie'));
            if (referralCode) await recordReferral(tx, id, referralCode);
            return { data: { ...user, id } };
          },
        },
      },
    },
    advanced: {
      cookiePrefix: 'atelier',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // Better Auth turns these checks off when NODE_ENV=test; we test them, so keep them on.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    plugins: [
      // Authenticator-app codes (TOTP) as a second factor, with one-time backup codes. Atelier's
      // routes never pass `trustDevice`, so every password sign-in of such an account asks for one.
      // Its lock of the account after ten wrong codes (backup codes included) would let anyone
      // who has the password keep the owner out: routes.ts limits the sender and slows the
      // account instead (auth-limits.ts).
      twoFactor({
        issuer: 'Atelier',
        backupCodeOptions: { amount: TWO_FACTOR_BACKUP_CODES },
        accountLockout: { enabled: false },
      }),
      ...(apple
        ? [
            genericOAuth({
              config: [
                {
                  providerId: APPLE_PROVIDER_ID,
                  name: 'Apple',
                  clientId: apple.clientId,
                  clientSecret:
                    apple.clientSecret ??
                    appleClientSecret({
                      clientId: apple.clientId,
                      teamId: apple.teamId!,
                      keyId: apple.keyId!,
                      privateKey: apple.privateKey!,
                      issuer: apple.issuer,
                    }),
                  discoveryUrl: `${apple.issuer}/.well-known/openid-configuration`,
                  requireIdTokenVerification: true,
                  scopes: ['openid', 'email', 'name'],
                  // Apple posts the result back (form_post) when name or email is asked for.
                  responseMode: 'form_post',
                  authentication: 'post',
                  pkce: false,
                  // Apple sends the name only once, outside the ID token; the e-mail is enough.
                  mapProfileToUser: (profile) => ({ name: profile.name ?? profile.email?.split('@')[0] ?? '' }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
