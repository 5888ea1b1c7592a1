import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AccountBadges } from './account-badges.tsx';
import { ADMIN_QUERY_KEY, adminApi } from './admin-api.ts';
import { useFormatDate } from './use-format-date.ts';

/** /admin: find a user by e-mail, username or id. */
export default function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const query = useQuery({ queryKey: [...ADMIN_QUERY_KEY, 'users', q], queryFn: () => adminApi.searchUsers(q) });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };

  return (
    <section aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="sr-only">
        {t('users.title')}
      </h2>
      <search>
        <form onSubmit={search} className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="admin-user-search" className="sr-only">
            {t('users.search')}
          </label>
          <input
            id="admin-user-search"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('users.searchPlaceholder')}
            className="h-11 flex-1 rounded-xl border border-zinc-300 bg-white px-3 text-base outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/30 dark:border-zinc-700 dark:bg-zinc-900"
          />
          <button type="submit" className={buttonClass('primary')}>
            {t('users.search')}
          </button>
        </form>
      </search>
      <div className="mt-6">
        {query.isPending ? (
          <Spinner label={t('loading')} />
        ) : query.isError ? (
          <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
        ) : query.data.users.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">{t('users.none')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-zinc-500 dark:text-zinc-400">
                <tr>
                  <th className="py-2 pr-4 font-medium">{t('users.email')}</th>
                  <th className="py-2 pr-4 font-medium">{t('users.username')}</th>
                  <th className="py-2 pr-4 text-right font-medium">{t('users.credits')}</th>
                  <th className="py-2 pr-4 font-medium">{t('users.plan')}</th>
                  <th className="py-2 pr-4 font-medium">{t('users.status')}</th>
                  <th className="py-2 font-medium">{t('users.created')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {query.data.users.map((user) => (
                  <tr key={user.id}>
                    <td className="py-2 pr-4">
                      <Link
                        to={`/admin/users/${encodeURIComponent(user.id)}`}
                        className="font-medium text-brand-700 hover:underline dark:text-brand-400"
                      >
                        {user.email}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{user.username ?? '—'}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{user.credits}</td>
                    <td className="py-2 pr-4">{user.plan}</td>
                    <td className="py-2 pr-4">
                      <AccountBadges user={user} />
                    </td>
                    <td className="py-2 whitespace-nowrap">{formatDate(user.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
