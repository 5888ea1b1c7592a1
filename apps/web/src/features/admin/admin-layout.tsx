import { clsx } from 'clsx';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';

const TABS = [
  { to: '/admin', key: 'users', matches: (path: string) => path === '/admin' || path.startsWith('/admin/users') },
  { to: '/admin/runs', key: 'runs', matches: (path: string) => path.startsWith('/admin/runs') },
  { to: '/admin/audit', key: 'audit', matches: (path: string) => path.startsWith('/admin/audit') },
] as const;

/** The console's frame: its title and its three sections. Only admins get here (RequireAdmin). */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, '');
  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
      <nav aria-label={t('title')} className="mt-4 flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {TABS.map((tab) => {
          const active = tab.matches(path);
          return (
            <Link
              key={tab.key}
              to={tab.to}
              aria-current={active ? 'page' : undefined}
              className={clsx(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                active
                  ? 'border-brand-600 text-brand-700 dark:text-brand-400'
                  : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
              )}
            >
              {t(`tabs.${tab.key}`)}
            </Link>
          );
        })}
      </nav>
      <div className="mt-6">
        {/* A section's chunk loads when it is first shown; the frame stays meanwhile. */}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
