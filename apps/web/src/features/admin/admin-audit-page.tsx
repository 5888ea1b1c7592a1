import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ADMIN_QUERY_KEY, adminApi } from './admin-api.ts';
import { AuditTable } from './audit-table.tsx';

/** /admin/audit: every admin action, newest first. */
export default function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const query = useInfiniteQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'audit', 'all'],
    queryFn: ({ pageParam }) => adminApi.audit(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError) {
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  const entries = query.data.pages.flatMap((page) => page.entries);
  return (
    <section aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="text-lg font-semibold">
        {t('audit.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('audit.subtitle')}</p>
      <div className="mt-4 overflow-x-auto text-sm">
        {entries.length === 0 ? <p>{t('none')}</p> : <AuditTable entries={entries} />}
      </div>
      {query.hasNextPage && (
        <button
          type="button"
          className={buttonClass('secondary', 'sm', 'mt-4')}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('audit.more')}
        </button>
      )}
    </section>
  );
}
