// Placeholder owned by the Accounts work: the signed-in user as the SPA sees it.
// Contract: useSession() → { status: 'loading' | 'signed-in' | 'signed-out', user?: SessionUser }.
import { useQuery } from '@tanstack/react-query';

export interface SessionUser {
  id: string;
  email: string;
  username?: string | null;
}

export type SessionState =
  | { status: 'loading'; user?: undefined }
  | { status: 'signed-out'; user?: undefined }
  | { status: 'signed-in'; user: SessionUser };

export const SESSION_QUERY_KEY = ['session'] as const;

export function useSession(): SessionState {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => {
      const res = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
      if (!res.ok) return null;
      const body = (await res.json()) as { user?: SessionUser } | null;
      return body?.user ?? null;
    },
    staleTime: 30_000,
  });
  if (query.isPending) return { status: 'loading' };
  return query.data ? { status: 'signed-in', user: query.data } : { status: 'signed-out' };
}
