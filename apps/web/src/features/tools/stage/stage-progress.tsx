import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrowserProgress } from '../browser-engine/browser-stages.ts';

/**
 * The run's progress over the stage, as the engine reports it (SSE, or the browser model's
 * own stages): announced to screen readers as a progressbar. The input stays visible under it.
 * A browser run names its stage (step n of 4); a stage that cannot be measured shows work going
 * on and the seconds spent in it, never a percent that sits still.
 */
export function StageProgress({
  progress,
  label,
  overtook = 0,
  stage,
}: {
  progress: number;
  label?: string;
  overtook?: number;
  stage?: BrowserProgress;
}) {
  const { t } = useTranslation('tool-run');
  const measured = stage ? stage.fraction : progress / 100;
  const percent = measured === null ? null : Math.round(Math.min(100, Math.max(0, measured * 100)));
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center bg-white/55 p-4 backdrop-blur-[2px] dark:bg-zinc-950/55">
      <div
        data-stage={stage?.stage}
        className="flex w-full max-w-sm flex-col gap-2.5 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
      >
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span id="run-progress-label" className="font-medium">
            {stage ? t(`progress.stages.${stage.stage}`) : (label ?? t('progress.label'))}
          </span>
          <span className="shrink-0 tabular-nums text-zinc-600 dark:text-zinc-400">
            {percent === null ? <ElapsedSeconds key={stage?.stage} /> : `${percent}%`}
          </span>
        </div>
        <ProgressTrack percent={percent} labelledBy="run-progress-label" className="h-2 bg-zinc-200 dark:bg-zinc-800" />
        {stage && (
          <p className="flex justify-between gap-3 text-xs text-zinc-600 dark:text-zinc-400">
            <span>{t('progress.step', { step: stage.step, steps: stage.steps })}</span>
            {stage.bytes !== undefined && stage.totalBytes !== undefined && (
              <span className="tabular-nums">
                {t('progress.bytes', { received: megabytes(stage.bytes), total: megabytes(stage.totalBytes) })}
              </span>
            )}
          </p>
        )}
        {overtook > 0 && <PriorityNote overtook={overtook} />}
      </div>
    </div>
  );
}

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** Seconds since the stage began, counted on screen while a step with no inner reports works. */
function ElapsedSeconds() {
  const { t } = useTranslation('tool-run');
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{t('progress.seconds', { count: seconds })}</>;
}

/**
 * A progress bar as assistive tech knows it (0..100), named by an element or a label; `null`
 * is work that cannot be measured (no aria-valuenow: indeterminate), drawn as a sweeping segment.
 */
export function ProgressTrack({
  percent,
  labelledBy,
  label,
  className,
}: {
  percent: number | null;
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
      aria-valuenow={percent ?? undefined}
      className={`overflow-hidden rounded-full ${className}`}
    >
      {percent === null ? (
        <div className="h-full w-2/5 animate-working rounded-full bg-brand-600 motion-reduce:w-full motion-reduce:animate-pulse" />
      ) : (
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      )}
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
