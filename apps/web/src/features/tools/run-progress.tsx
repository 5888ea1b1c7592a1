import { useTranslation } from 'react-i18next';

/** The run's progress as the engine reports it (SSE); announced to screen readers as a progressbar. */
export function RunProgress({ progress, label }: { progress: number; label?: string }) {
  const { t } = useTranslation('tool-run');
  const percent = Math.round(Math.min(100, Math.max(0, progress)));
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm text-zinc-600 dark:text-zinc-400">
        <span id="run-progress-label">{label ?? t('progress.label')}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="run-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
