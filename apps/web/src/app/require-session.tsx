import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useSession } from '../features/auth/use-session.ts';
import { notify } from '../lib/notify.ts';
import { loginHref, redirectTargetOf } from '../lib/redirect-target.ts';
import { ACCESS_DENIED_REDIRECT_MS } from '../lib/ui-constants.ts';

/**
 * Guards login-required routes: a spinner while the session loads; a visitor gets the
 * "Access Denied" toast and is sent to /login replacing history, so Back does not return to
 * the page they could not see. Tool routes say "feature", other pages "page".
 * /login is asked to come back to the page afterwards; for a tool it opens the create-account
 * form, as a visitor who picks a tool is most likely new. A session that ends on the page (Sign
 * out, an expiry) is no denial: plain /login, where the code that ended it sends them too.
 */
export function RequireSession({ subject }: { subject: 'page' | 'feature' }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('common');
  const signedOut = session.status === 'signed-out';
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (session.status === 'signed-in') wasSignedIn.current = true;
  }, [session.status]);

  useEffect(() => {
    if (!signedOut) return;
    if (wasSignedIn.current) {
      navigate('/login', { replace: true });
      return;
    }
    // A fixed id keeps one toast even when the effect runs twice (StrictMode, fast re-renders).
    void notify((toast) =>
      toast.error(t('toast.accessDenied'), {
        id: 'access-denied',
        description: t(subject === 'feature' ? 'toast.loginForFeature' : 'toast.loginForPage'),
        duration: ACCESS_DENIED_REDIRECT_MS,
      }),
    );
    const here = `${location.pathname}${location.search}${location.hash}`;
    navigate(loginHref({ next: here, signUp: subject === 'feature' }), { replace: true });
  }, [signedOut, subject, navigate, t, location]);

  if (session.status === 'signed-in') return <Outlet />;
  return <PageSpinner />;
}

/** /login for a signed-in user goes where it was asked to (`?next=`), else home. */
export function GuestOnly() {
  const session = useSession();
  const [search] = useSearchParams();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signed-in') return <Navigate to={redirectTargetOf(search)} replace />;
  return <Outlet />;
}
