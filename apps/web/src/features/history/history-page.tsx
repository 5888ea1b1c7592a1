import { isFinishedStatus } from '@atelier/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useWorkspaceTeam } from '../teams/index.ts';
import { RunRow } from './run-row.tsx';
import { listRuns, RUNS_QUERY_KEY } from './runs-api.ts';

/** How often the list refreshes while one of its runs is still working. */
const RUNNING_REFRESH_MS = 2000;

/**
 * /history: the signed-in user's tool runs, newest first, with status, credits and the
 * outputs Atelier keeps for them; older runs load by cursor.
 */
export default function HistoryPage() {
  const { t } = useTranslation(['history', 'tools']);
  // In a team's workspace, the team's history: every member's runs on its pool.
  const team = useWorkspaceTeam();
  const runs = useInfiniteQuery({
    queryKey: team ? [...RUNS_QUERY_KEY, team.id] : RUNS_QUERY_KEY,
    queryFn: ({ pageParam }) => listRuns(pageParam, team?.id),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A run still working (one started again, say) is asked about until it ends.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.runs.some((run) => !isFinishedStatus(run.status)))
        ? RUNNING_REFRESH_MS
        : false,
  });
  const items = runs.data?.pages.flatMap((p) => p.runs) ?? [];

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          {team ? t('teamSubtitle', { team: team.name }) : t('subtitle')}
        </p>
      </header>
      {runs.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : runs.isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 p-6 dark:border-red-900">
          <p>{t('loadFailed')}</p>
          <button type="button" className={buttonClass('secondary', 'sm', 'mt-4')} onClick={() => runs.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-zinc-300 p-10 text-center dark:border-zinc-700">
          <p className="text-zinc-600 dark:text-zinc-400">{t('empty')}</p>
          <Link to="/tools" className={buttonClass('primary', 'md', 'mt-6')}>
            {t('browseTools')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {items.map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </ul>
          {runs.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={runs.isFetchingNextPage}
                onClick={() => runs.fetchNextPage()}
              >
                {runs.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
