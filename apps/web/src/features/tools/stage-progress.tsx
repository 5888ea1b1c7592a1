import { useTranslation } from 'react-i18next';

/**
 * The run's progress over the stage, as the engine reports it (SSE, or the browser model's
 * own reports): announced to screen readers as a progressbar. The input stays visible under it.
 */
export function StageProgress({
  progress,
  label,
  overtook = 0,
}: {
  progress: number;
  label?: string;
  overtook?: number;
}) {
  const { t } = useTranslation('tool-run');
  const percent = Math.round(Math.min(100, Math.max(0, progress)));
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center bg-white/55 p-4 backdrop-blur-[2px] dark:bg-zinc-950/55">
      <div className="flex w-full max-w-sm flex-col gap-2.5 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span id="run-progress-label" className="font-medium">
            {label ?? t('progress.label')}
          </span>
          <span className="tabular-nums text-zinc-600 dark:text-zinc-400">{percent}%</span>
        </div>
        <ProgressTrack percent={percent} labelledBy="run-progress-label" className="h-2 bg-zinc-200 dark:bg-zinc-800" />
        {overtook > 0 && <PriorityNote overtook={overtook} />}
      </div>
    </div>
  );
}

/** A progress bar as assistive tech knows it (0..100), named by an element or a label. */
export function ProgressTrack({
  percent,
  labelledBy,
  label,
  className,
}: {
  percent: number;
  labelledBy?: string;
  label?: string;
  className: string;
}) {
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`overflow-hidden rounded-full ${className}`}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/**
 * Says that a paid plan's queue priority started the run ahead of runs that were waiting (the
 * server counts them when a worker takes the run); shown while it works and with its result.
 */
export function PriorityNote({ overtook, className }: { overtook: number; className?: string }) {
  const { t } = useTranslation('tool-run');
  return (
    <p role="status" className={`text-xs font-medium text-brand-700 dark:text-brand-300 ${className ?? ''}`}>
      {t('progress.prioritised', { count: overtook })}
    </p>
  );
}
