import type { AuthProviders, Language } from '@atelier/contracts';
import { apiFetch, postJson } from '../../lib/api-client.ts';

/** Where e-mail links and Apple sign-in come back to (platform.md §2 auth callback). */
export const AUTH_CALLBACK_PATH = '/auth/callback';

interface SignedIn {
  user: { id: string; email: string; emailVerified?: boolean };
}

/** Calls of the login, callback and reset pages to /api/auth (Better Auth behind Atelier's API). */
export const authApi = {
  providers: () => apiFetch<AuthProviders>('/api/auth/providers'),

  /** A value with "@" is an e-mail, anything else a username (platform.md §5). */
  signIn: (identifier: string, password: string) =>
    identifier.includes('@')
      ? apiFetch<SignedIn>('/api/auth/sign-in/email', postJson({ email: identifier.trim(), password }))
      : apiFetch<SignedIn>('/api/auth/sign-in/username', postJson({ username: identifier.trim(), password })),

  signUp: (email: string, password: string, language: Language) =>
    apiFetch<SignedIn>(
      '/api/auth/sign-up/email',
      postJson({ email: email.trim(), password, name: email.split('@')[0], language, callbackURL: AUTH_CALLBACK_PATH }),
    ),

  requestPasswordReset: (email: string) =>
    apiFetch<{ status: boolean }>(
      '/api/auth/request-password-reset',
      postJson({ email: email.trim(), redirectTo: '/reset-password' }),
    ),

  resetPassword: (token: string, newPassword: string) =>
    apiFetch<{ status: boolean }>('/api/auth/reset-password', postJson({ token, newPassword })),

  /** Starts Apple sign-in; resolves to the provider's address to send the browser to. */
  appleSignInUrl: async () => {
    const { url } = await apiFetch<{ url: string }>(
      '/api/auth/sign-in/social',
      postJson({
        provider: 'apple',
        callbackURL: AUTH_CALLBACK_PATH,
        errorCallbackURL: AUTH_CALLBACK_PATH,
        newUserCallbackURL: AUTH_CALLBACK_PATH,
      }),
    );
    return url;
  },
};
