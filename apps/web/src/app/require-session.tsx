import { ACCESS_DENIED_REDIRECT_MS } from '@atelier/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useSession } from '../features/auth/use-session.ts';
import { notify } from '../lib/notify.ts';

/**
 * Guards login-required routes: a spinner while the session loads; a visitor gets the
 * "Access Denied" toast and is sent to /login replacing history, so Back does not return to
 * the page they could not see. Tool routes say "feature", other pages "page" (tools.md §2).
 */
export function RequireSession({ subject }: { subject: 'page' | 'feature' }) {
  const session = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const signedOut = session.status === 'signed-out';

  useEffect(() => {
    if (!signedOut) return;
    // A fixed id keeps one toast even when the effect runs twice (StrictMode, fast re-renders).
    void notify((toast) =>
      toast.error(t('toast.accessDenied'), {
        id: 'access-denied',
        description: t(subject === 'feature' ? 'toast.loginForFeature' : 'toast.loginForPage'),
        duration: ACCESS_DENIED_REDIRECT_MS,
      }),
    );
    navigate('/login', { replace: true });
  }, [signedOut, subject, navigate, t]);

  if (session.status === 'signed-in') return <Outlet />;
  return <PageSpinner />;
}

/** /login for a signed-in user goes home (platform.md §2). */
export function GuestOnly() {
  const session = useSession();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signed-in') return <Navigate to="/" replace />;
  return <Outlet />;
}
