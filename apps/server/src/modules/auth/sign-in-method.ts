/**
 * How a session was made, kept on the session row. The admin console trusts only sessions made
 * with the account's password (and, when ADMIN_REQUIRE_2FA is on, a second factor).
 */
export const SIGN_IN_METHODS = ['sign_up', 'password', 'second_factor', 'verification_link', 'apple'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Better Auth endpoints that make a session, by the way in they stand for. */
const METHOD_BY_PATH: Record<string, SignInMethod> = {
  '/sign-up/email': 'sign_up',
  '/sign-in/email': 'password',
  '/two-factor/verify-totp': 'second_factor',
  '/two-factor/verify-backup-code': 'second_factor',
  '/verify-email': 'verification_link',
};

/**
 * The method of a session Better Auth is about to create at `path`. Endpoints that only re-make
 * the current session (turning two-factor off, say) carry the old session's method over, so
 * `carried` wins for them; an unknown path with nothing to carry is null, which trusts nothing.
 */
export function signInMethodOf(path: string | undefined, carried: unknown): SignInMethod | null {
  if (path && path in METHOD_BY_PATH) return METHOD_BY_PATH[path]!;
  if (path?.startsWith('/callback/') || path?.startsWith('/oauth2/callback/')) return 'apple';
  return typeof carried === 'string' && (SIGN_IN_METHODS as readonly string[]).includes(carried)
    ? (carried as SignInMethod)
    : null;
}

/** Methods that prove the password (a password sign-in, with or without its second factor). */
export const PASSWORD_METHODS: readonly SignInMethod[] = ['password', 'second_factor'];
