import { isErrorBody } from '@atelier/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useSession } from '../features/auth/use-session.ts';
import { meQuery } from '../features/profile/index.ts';
import { adminApiClient } from '../lib/api-client.ts';
import { SignedInPageHead, StaticPageHead } from './seo/page-head.tsx';

const NotFoundPage = lazy(() => import('../features/errors/not-found-page.tsx'));
const SecondFactorRequiredPage = lazy(() => import('../features/errors/second-factor-required-page.tsx'));

/** Where the admin console is (routes.ts); anyone but an admin there gets the 404 page. */
export const ADMIN_PATH = 'admin';

/**
 * What the server lets this user do at /api/admin: `admin`; `second-factor` for an admin whose
 * session lacks the second factor the server requires (403 TWO_FACTOR_REQUIRED); `none` for
 * anyone else (/api/admin answers them as an unknown path, 404).
 */
export type AdminAccess = 'admin' | 'second-factor' | 'none';

async function adminAccess(): Promise<AdminAccess> {
  const { response, error } = await adminApiClient.GET('/me');
  if (response.ok) return 'admin';
  return isErrorBody(error) && error.error.code === 'TWO_FACTOR_REQUIRED' ? 'second-factor' : 'none';
}

/**
 * The server's word on this user and the console. The admin route's server loader asks it too, so a
 * non-admin's /admin is the 404 page (status and markup) with no console code preloaded, and
 * the browser hydrates that same answer.
 */
export const adminQuery = (userId: string | undefined) =>
  queryOptions({ queryKey: ['admin', 'me', userId], queryFn: adminAccess, staleTime: 60_000 });

/**
 * Whether the signed-in user is an admin (one still to give a second factor too: the console
 * tells them what to do). Read from their profile's `role`, which every signed-in page loads for
 * the credit balance: probing /api/admin instead would answer every other user 404, an error in
 * their browser's console on each page that asks.
 */
export function useIsAdmin(): boolean {
  const session = useSession();
  const admin = useQuery({
    ...meQuery,
    enabled: session.status === 'signed-in',
    select: (me) => me.profile.role === 'admin',
  });
  return session.status === 'signed-in' && admin.data === true;
}

/**
 * /admin/*: the console for admins; everyone else — visitors included — sees the ordinary 404
 * page, and the console's code and texts are never loaded for them.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const admin = useQuery({ ...adminQuery(session.user?.id), enabled: signedIn });
  if (session.status === 'loading' || (signedIn && admin.isPending)) return <PageSpinner />;
  if (signedIn && admin.data === 'admin') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SignedInPageHead />
        {children}
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      {signedIn && admin.data === 'second-factor' ? (
        <SecondFactorRequiredPage />
      ) : (
        <>
          <StaticPageHead page="notFound" />
          <NotFoundPage />
        </>
      )}
    </Suspense>
  );
}
