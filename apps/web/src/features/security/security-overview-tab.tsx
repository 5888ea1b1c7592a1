import {
  SECURITY_METRIC_KEYS,
  type SecurityMetrics,
  securityAlerts,
  securityBadge,
  securityScoreLabel,
} from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { securityApi, securityKeys } from './security-api.ts';

const LEVEL_STYLE = {
  high: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  medium: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  low: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
} as const;

const SCORE_STYLE = {
  excellent: 'text-emerald-600 dark:text-emerald-400',
  good: 'text-amber-600 dark:text-amber-400',
  needsAttention: 'text-red-600 dark:text-red-400',
} as const;

/** Security Overview: the score with its label, a badge per metric, and alerts (thresholds: contracts). */
export function SecurityOverviewTab({ showAlerts }: { showAlerts: boolean }) {
  const { t } = useTranslation('security');
  const metrics = useQuery({ queryKey: securityKeys.metrics, queryFn: securityApi.metrics });
  if (metrics.isPending) return <Spinner />;
  if (!metrics.data) return <p role="alert">{t('dashboard.loadFailed')}</p>;
  return <Overview metrics={metrics.data} showAlerts={showAlerts} />;
}

function Overview({ metrics, showAlerts }: { metrics: SecurityMetrics; showAlerts: boolean }) {
  const { t, i18n } = useTranslation('security');
  const label = securityScoreLabel(metrics.score);
  const alerts = showAlerts ? securityAlerts(metrics) : [];
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('overview.score')}</p>
        <p className={clsx('text-4xl font-bold', SCORE_STYLE[label])} data-testid="security-score">
          {metrics.score}
          <span className="ml-3 text-base font-medium">{t(`overview.label.${label}`)}</span>
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">
        {SECURITY_METRIC_KEYS.map((key) => {
          const level = securityBadge(key, metrics);
          return (
            <li key={key} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
              <p className="text-sm text-zinc-500 dark:text-zinc-400">{t(`overview.metric.${key}`)}</p>
              <p className="mt-1 flex items-center gap-2 text-2xl font-semibold">
                {metrics[key]}
                <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', LEVEL_STYLE[level])}>
                  {t(`overview.level.${level}`)}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {metrics.lastSecurityEvent
          ? t('overview.lastEvent', {
              date: formatDate(metrics.lastSecurityEvent, i18n.language, 'medium-time'),
            })
          : t('overview.noEvents')}
      </p>
      {alerts.map(({ key, level }) => (
        <p key={key} role="alert" className={clsx('rounded-xl px-4 py-3 text-sm', LEVEL_STYLE[level])}>
          {t(`overview.alert.${key}`)}
        </p>
      ))}
    </div>
  );
}
