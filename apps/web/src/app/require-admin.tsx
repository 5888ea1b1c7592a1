import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useSession } from '../features/auth/use-session.ts';
import { adminApiClient } from '../lib/api-client.ts';

const NotFoundPage = lazy(() => import('../features/errors/not-found-page.tsx'));

/** Whether the server takes the caller for an admin: /api/admin/me answers 404 to anyone else. */
async function isAdmin(): Promise<boolean> {
  const { response } = await adminApiClient.GET('/me');
  return response.ok;
}

/**
 * /admin/*: the console for admins; everyone else — visitors included — sees the ordinary 404
 * page, and the console's code and texts are never loaded for them.
 */
export function RequireAdmin() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const admin = useQuery({
    queryKey: ['admin', 'me', session.user?.id],
    queryFn: isAdmin,
    enabled: signedIn,
    staleTime: 60_000,
  });
  if (session.status === 'loading' || (signedIn && admin.isPending)) return <PageSpinner />;
  if (signedIn && admin.data) return <Outlet />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <NotFoundPage />
    </Suspense>
  );
}
