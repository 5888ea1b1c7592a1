import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../lib/notify.ts';
import { redirectTargetOf } from '../../lib/redirect-target.ts';
import { AUTH_CALLBACK_REDIRECT_MS } from '../../lib/ui-constants.ts';
import { fetchSessionUser, SESSION_QUERY_KEY } from './use-session.ts';

type Outcome = { state: 'working' } | { state: 'error'; message: string } | { state: 'issue' } | { state: 'success' };

/** error / error_description from the hash or the query, as providers send either. */
function providerError(): { code: string | null; text: string } | null {
  for (const params of [
    new URLSearchParams(window.location.hash.replace(/^#/, '')),
    new URLSearchParams(window.location.search),
  ]) {
    const text = params.get('error_description') ?? params.get('error');
    if (text) return { code: params.get('error'), text };
  }
  return null;
}

/**
 * /auth/callback: where Apple sign-in and the activation link come back.
 * A provider or session error → Authentication Error, back to /login after 3 s; a session →
 * Authentication Successful and / — or the page sign-in was started for (`?next=`) — replacing
 * history; no session → Authentication Issue,
 * back to /login after 3 s.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const target = redirectTargetOf(search);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const backToLogin = () => {
      timer = setTimeout(() => navigate('/login', { replace: true }), AUTH_CALLBACK_REDIRECT_MS);
    };
    const fail = (message: string) => {
      setOutcome({ state: 'error', message });
      void notify((toast) => toast.error(t('callback.errorTitle'), { id: 'auth-callback', description: message }));
      backToLogin();
    };

    const error = providerError();
    if (error) {
      // Atelier's own refusal (a disabled account) has its text in the user's language.
      fail(error.code === 'ACCOUNT_DISABLED' ? t('errors.ACCOUNT_DISABLED.description') : error.text);
    } else {
      fetchSessionUser().then(
        (user) => {
          if (cancelled) return;
          queryClient.setQueryData(SESSION_QUERY_KEY, user);
          if (user) {
            setOutcome({ state: 'success' });
            void notify((toast) =>
              toast.success(t('callback.successTitle'), {
                id: 'auth-callback',
                description: t('toast.signedInAs', { email: user.email }),
              }),
            );
            navigate(target, { replace: true });
          } else {
            setOutcome({ state: 'issue' });
            void notify((toast) =>
              toast.error(t('callback.issueTitle'), { id: 'auth-callback', description: t('callback.issueBody') }),
            );
            backToLogin();
          }
        },
        (sessionError: Error) => {
          if (!cancelled) fail(sessionError.message);
        },
      );
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [navigate, queryClient, t, target]);

  return (
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      {outcome.state === 'working' || outcome.state === 'success' ? (
        <>
          <Spinner label={t('callback.working')} />
          <h1 className="text-xl font-semibold">{t('callback.working')}</h1>
        </>
      ) : (
        <>
          <h1 className="text-xl font-semibold">
            {t(outcome.state === 'error' ? 'callback.errorTitle' : 'callback.issueTitle')}
          </h1>
          <p role="alert" className="text-sm text-zinc-600 dark:text-zinc-400">
            {outcome.state === 'error' ? outcome.message : t('callback.issueBody')}
          </p>
          <p className="text-sm text-zinc-500">{t('callback.redirecting')}</p>
        </>
      )}
    </div>
  );
}
