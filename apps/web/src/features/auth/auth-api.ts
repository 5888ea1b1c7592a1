import type { Language } from '@atelier/contracts';
import { api, call } from '../../lib/api-client.ts';
import { callbackHref } from '../../lib/redirect-target.ts';

/** Where e-mail links and Apple sign-in come back to. */
export const AUTH_CALLBACK_PATH = '/auth/callback';

/** Calls of the login, callback and reset pages to /api/auth (Better Auth behind Atelier's API). */
export const authApi = {
  providers: () => call(api.GET('/auth/providers')),

  /** A value with "@" is an e-mail, anything else a username (resolved to its account's e-mail). */
  signIn: (identifier: string, password: string) =>
    identifier.includes('@')
      ? call(api.POST('/auth/sign-in/email', { body: { email: identifier.trim(), password } }))
      : call(api.POST('/auth/sign-in/username', { body: { username: identifier.trim(), password } })),

  signUp: (email: string, password: string, language: Language) =>
    call(
      api.POST('/auth/sign-up/email', {
        body: {
          email: email.trim(),
          password,
          name: email.split('@')[0] ?? '',
          language,
          callbackURL: AUTH_CALLBACK_PATH,
        },
      }),
    ),

  /** The second step of a sign-in with two-factor on (the first left its cookie). */
  verifyTwoFactor: (code: string) => call(api.POST('/auth/two-factor/verify-totp', { body: { code } })),
  verifyBackupCode: (code: string) => call(api.POST('/auth/two-factor/verify-backup-code', { body: { code } })),

  requestPasswordReset: (email: string) =>
    call(api.POST('/auth/request-password-reset', { body: { email: email.trim(), redirectTo: '/reset-password' } })),

  resetPassword: (token: string, newPassword: string) =>
    call(api.POST('/auth/reset-password', { body: { token, newPassword } })),

  /**
   * Starts Apple sign-in; resolves to the provider's address to send the browser to. It comes
   * back to the callback page, which then goes on to `next`.
   */
  appleSignInUrl: async (next: string) => {
    const { url } = await call(
      api.POST('/auth/sign-in/social', {
        body: {
          provider: 'apple',
          callbackURL: callbackHref(AUTH_CALLBACK_PATH, next),
          errorCallbackURL: AUTH_CALLBACK_PATH,
          newUserCallbackURL: callbackHref(AUTH_CALLBACK_PATH, next),
        },
      }),
    );
    return url;
  },
};
