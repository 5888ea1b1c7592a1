import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button-styles.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';

/**
 * The root route's error page: something threw while loading or rendering a route. It stands
 * outside the layout (which may be what failed) and links with plain <a> for a full reload.
 */
export function RouteError() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <RouteErrorMessage />
    </Suspense>
  );
}

function RouteErrorMessage() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const { t } = useTranslation('errors');
  console.error(error);
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('unexpected.title')}</h1>
      <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t('unexpected.body')}</p>
      <div className="mt-8 flex gap-3">
        <a href={`${pathname}${search}`} className={buttonClass('primary')}>
          {t('unexpected.reload')}
        </a>
        <a href="/" className={buttonClass('secondary')}>
          {t('backHome')}
        </a>
      </div>
    </main>
  );
}
