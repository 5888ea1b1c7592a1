// What other features and the app's layout use of sign-in: the session, signing out, and the
// account calls and error texts the security page shares.
export { authApi } from './auth-api.ts';
export { authErrorText } from './auth-error-text.ts';
export { SESSION_QUERY_KEY, type SessionState, type SessionUser, useSession } from './use-session.ts';
export { useSignOut } from './use-sign-out.ts';
