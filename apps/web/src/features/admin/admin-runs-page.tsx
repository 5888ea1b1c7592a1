import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ADMIN_QUERY_KEY, adminApi } from './admin-api.ts';
import { cell, FactTable, Section } from './section.tsx';
import { useFormatDate } from './use-format-date.ts';

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

/** /admin/runs: the last 24 hours by tool and engine, and the latest failures. */
export default function AdminRunsPage() {
  const { t, i18n } = useTranslation('admin');
  const formatDate = useFormatDate();
  const query = useQuery({ queryKey: [...ADMIN_QUERY_KEY, 'runs'], queryFn: adminApi.runsSummary });
  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError) {
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  const { groups, latestFailures } = query.data;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <div className="flex flex-col gap-6">
      <Section title={t('runs.title')} empty={groups.length === 0 && t('none')}>
        <FactTable
          head={[
            t('columns.tool'),
            t('columns.engine'),
            t('runs.count'),
            t('runs.failureRate'),
            t('runs.p50'),
            t('runs.p95'),
          ]}
        >
          {groups.map((group) => (
            <tr key={`${group.tool}/${group.engine}`}>
              <td className={cell}>{group.tool}</td>
              <td className={cell}>{group.engine}</td>
              <td className={`${cell} tabular-nums`}>{group.count}</td>
              <td className={`${cell} tabular-nums`}>
                {group.failureRate === null ? '—' : percent.format(group.failureRate)}
              </td>
              <td className={`${cell} tabular-nums`}>{seconds(group.p50Ms)}</td>
              <td className={`${cell} tabular-nums`}>{seconds(group.p95Ms)}</td>
            </tr>
          ))}
        </FactTable>
      </Section>
      <Section title={t('runs.failures')} empty={latestFailures.length === 0 && t('none')}>
        <FactTable
          head={[t('columns.when'), t('columns.tool'), t('columns.engine'), t('columns.code'), t('columns.target')]}
        >
          {latestFailures.map((run) => (
            <tr key={run.id}>
              <td className={`${cell} whitespace-nowrap`}>{formatDate(run.finishedAt ?? run.createdAt)}</td>
              <td className={cell}>{run.tool}</td>
              <td className={cell}>{run.engine}</td>
              <td className={`${cell} font-mono text-xs`} title={run.error?.message}>
                {run.error?.code ?? '—'}
              </td>
              <td className={`${cell} break-all`}>
                <Link
                  to={`/admin/users/${encodeURIComponent(run.userId)}`}
                  className="text-brand-700 hover:underline dark:text-brand-400"
                >
                  {run.email ?? run.userId}
                </Link>
              </td>
            </tr>
          ))}
        </FactTable>
      </Section>
    </div>
  );
}
