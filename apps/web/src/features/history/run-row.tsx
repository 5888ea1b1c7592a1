import type { Run, RunStatus } from '@atelier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ExternalLink, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format-date.ts';
import { openRunHref } from '../../lib/tool-href.ts';
import { PROFILE_QUERY_KEY } from '../profile/index.ts';
import { RUNS_QUERY_KEY, rerunRun } from './runs-api.ts';

const STATUS_CLASS: Record<RunStatus, string> = {
  queued: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  running: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  succeeded: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/**
 * One run in the history list: tool, when, status, credits and its output thumbnails; Open in
 * tool and Run again where the server keeps the run's inputs (not for runs done in the browser).
 */
export function RunRow({ run }: { run: Run }) {
  const { t, i18n } = useTranslation(['history', 'tools']);
  const queryClient = useQueryClient();
  const rerun = useMutation({
    mutationFn: () => rerunRun(run.id),
    // The new run is the newest: it appears at the top, and the balance changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RUNS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
      ]),
  });
  const rerunError =
    rerun.error instanceof ApiError && rerun.error.code === 'INSUFFICIENT_CREDITS'
      ? t('rerunInsufficient', { count: run.credits })
      : rerun.error
        ? t('rerunFailed')
        : null;
  const when = formatDate(run.createdAt, i18n.language, 'medium-time');
  const toolName = t(`${run.tool}.name`, { ns: 'tools' });
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-zinc-200 p-4 sm:flex-row sm:items-center dark:border-zinc-800">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium">{toolName}</h2>
          <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS_CLASS[run.status])}>
            {run.status === 'running'
              ? t('status.runningProgress', { progress: run.progress })
              : t(`status.${run.status}`)}
          </span>
          {run.engine === 'demo' && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-300">
              {t('demo')}
            </span>
          )}
        </div>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          <time dateTime={run.createdAt}>{when}</time>
          {' · '}
          {run.refunded ? t('refunded', { count: run.credits }) : t('credits', { count: run.credits })}
        </p>
        {run.status === 'failed' && run.error && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">{t('failedHint')}</p>
        )}
        {run.clientSide && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('clientSide')}</p>}
        {!run.clientSide && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Link
              to={openRunHref(run.tool, run.id)}
              aria-label={t('openInToolLabel', { tool: toolName })}
              className={buttonClass('secondary', 'sm')}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('openInTool')}
            </Link>
            <button
              type="button"
              onClick={() => rerun.mutate()}
              disabled={rerun.isPending}
              aria-label={t('rerunLabel', { tool: toolName, count: run.credits })}
              className={buttonClass('secondary', 'sm')}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {rerun.isPending ? t('rerunning') : t('rerun')}
            </button>
          </div>
        )}
        {rerunError && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {rerunError}
            {rerun.error instanceof ApiError && rerun.error.code === 'INSUFFICIENT_CREDITS' && (
              <>
                {' '}
                <Link to="/pricing" className="font-medium underline">
                  {t('getCredits')}
                </Link>
              </>
            )}
          </p>
        )}
      </div>
      {run.outputs.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('outputs')}>
          {run.outputs.map((output, i) => (
            <li key={output.url}>
              <a href={output.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={output.url}
                  alt={t('outputAlt', { tool: toolName, index: i + 1 })}
                  width={output.width}
                  height={output.height}
                  loading="lazy"
                  className="size-20 rounded-lg border border-zinc-200 bg-zinc-100 object-cover dark:border-zinc-800 dark:bg-zinc-900"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
