import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { SessionMonitor } from '../features/security/session-monitor.tsx';
import { isToasterWanted, subscribeToasterWanted } from '../lib/notify.ts';
import { ThemeSync } from '../lib/use-theme.ts';
import { SiteFooter } from './layout/site-footer.tsx';
import { SiteHeader } from './layout/site-header.tsx';

const AppToaster = lazy(() => import('./app-toaster.tsx'));

/** Every page: skip link, top bar, the page inside <main> (the route's, or `children`), footer and the toasts. */
export function RootLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  const toasterWanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      {/* A Suspense boundary: React hydrates the top bar as a unit of its own, first if it is
          pressed first (selective hydration). */}
      <Suspense fallback={null}>
        <SiteHeader />
      </Suspense>
      {/* The one <main> landmark, target of the skip link; pages render inside it. At least the
          viewport below the top bar (h-16) high, like the loading spinner: the footer starts
          below the fold on every page, so no page, however short, pulls it into view after a
          spinner or a shorter first render (a layout shift). */}
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col outline-none">
        {/* Pages load their own text tables; this covers the wait. */}
        <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
      </main>
      <SiteFooter />
      <ThemeSync />
      <SessionMonitor />
      {toasterWanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </div>
  );
}
