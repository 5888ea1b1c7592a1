// The signed-in user as the SPA sees it.
// Contract: useSession() → { status: 'loading' | 'signed-in' | 'signed-out', user?: SessionUser }.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface SessionUser {
  id: string;
  email: string;
  username?: string | null;
  /** Whether the address is confirmed (until then the account is only a claim on it). */
  emailVerified?: boolean;
  /** Whether a password sign-in also asks for an authenticator code. */
  twoFactorEnabled?: boolean;
}

export type SessionState =
  | { status: 'loading'; user?: undefined }
  | { status: 'signed-out'; user?: undefined }
  | { status: 'signed-in'; user: SessionUser };

export const SESSION_QUERY_KEY = ['session'] as const;

/** The session's user, or null when signed out. Throws when the server cannot be asked. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const { data, response } = await api.GET('/auth/get-session');
  if (!response.ok) throw new Error(`Session check failed (${response.status})`);
  return data
    ? {
        id: data.user.id,
        email: data.user.email,
        emailVerified: data.user.emailVerified,
        twoFactorEnabled: data.user.twoFactorEnabled ?? false,
      }
    : null;
}

/** The session as every page asks for it (the server renderer answers it ahead, ADR 0016). */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  // A failed check counts as signed out here; the callback page reports it as an error.
  queryFn: () => fetchSessionUser().catch(() => null),
  staleTime: 30_000,
});

export function useSession(): SessionState {
  const query = useQuery(sessionQuery);
  if (query.isPending) return { status: 'loading' };
  return query.data ? { status: 'signed-in', user: query.data } : { status: 'signed-out' };
}
