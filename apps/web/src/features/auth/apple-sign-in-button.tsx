import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';
import { redirectTargetOf } from '../../lib/redirect-target.ts';
import { authApi } from './auth-api.ts';

/** Apple's mark (a path of the public Apple logo glyph), coloured by the text. */
function AppleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 17 20" className="size-4 fill-current">
      <path d="M14.1 10.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM11.5 3c.7-.9 1.2-2 1.1-3.2-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.1 1.1.1 2.3-.6 3-1.5z" />
    </svg>
  );
}

/** Which sign-in providers the server has (asked once; the server renderer answers it ahead). */
export const authProvidersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: authApi.providers,
  staleTime: Infinity,
});

/** "Continue with Apple", shown only when the server has Apple configured. */
export function AppleSignInButton() {
  const { t } = useTranslation('auth');
  const providers = useQuery(authProvidersQuery);
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  if (!providers.data?.apple) return null;

  const start = async () => {
    setBusy(true);
    try {
      window.location.assign(await authApi.appleSignInUrl(redirectTargetOf(search)));
    } catch (error) {
      setBusy(false);
      void notify((toast) => toast.error(t('toast.signInError'), { description: (error as Error).message }));
    }
  };

  return (
    <>
      <button type="button" onClick={start} disabled={busy} className={buttonClass('inverse', 'lg', 'w-full')}>
        <AppleMark />
        {t('actions.apple')}
      </button>
      <p className="flex items-center gap-3 text-xs text-zinc-500 uppercase before:h-px before:flex-1 before:bg-zinc-200 after:h-px after:flex-1 after:bg-zinc-200 dark:before:bg-zinc-800 dark:after:bg-zinc-800">
        {t('or')}
      </p>
    </>
  );
}
