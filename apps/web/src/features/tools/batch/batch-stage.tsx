import { BATCH_MAX_IMAGES } from '@atelier/contracts';
import { clsx } from 'clsx';
import { AlertCircle, Check, Download, RotateCw, X } from 'lucide-react';
import { forwardRef, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { notify } from '../../../lib/notify.ts';
import { batchArchiveUrl, toolsApi } from '../api/tools-api.ts';
import type { ToolPageDefinition } from '../definitions/tool-definitions.ts';
import { useObjectUrl } from '../intake/use-object-url.ts';
import type { OutputRef } from '../result/continue-with-menu.tsx';
import { LazyContinueWithMenu } from '../result/lazy-continue-with-menu.tsx';
import { fetchBlob, saveAs } from '../result/save-file.ts';
import { failureText } from '../run/run-failure-text.ts';
import { CHECKERBOARD, DropOverlay, STAGE_FRAME_CLASS, useFileDrop } from '../stage/stage-frame.tsx';
import { ProgressTrack } from '../stage/stage-progress.tsx';
import { zipResults } from './batch-zip.ts';
import type { BatchTile } from './use-batch-run.ts';
import { isWorking } from './use-batch-run.ts';

interface BatchStageProps {
  definition: ToolPageDefinition;
  tiles: readonly BatchTile[];
  batchId: string | null;
  /** The selection is still open: tiles can be removed and more images dropped. */
  editable: boolean;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
  onDropFiles: (files: File[]) => void;
}

/**
 * The stage of a batch (2+ images): one tile per image with its run's progress, its result or
 * why it failed (with Retry), and Download all as one ZIP. Server batches download the
 * server's archive; background removal's results (and any retried tile) are zipped here.
 */
export const BatchStage = forwardRef<HTMLElement, BatchStageProps>(function BatchStage(props, ref) {
  const { definition, tiles, batchId, editable } = props;
  const { t } = useTranslation('studio-batch');
  const [zipping, setZipping] = useState(false);
  const drop = useFileDrop(editable, props.onDropFiles);
  // Browser results the server has now (uploaded for Continue with…), by run id.
  const uploaded = useRef(new Set<string>());

  const done = tiles.filter((tile) => tile.status === 'succeeded');
  const failed = tiles.filter((tile) => tile.status === 'failed').length;
  const working = tiles.some(isWorking);
  const started = tiles.some((tile) => tile.runId !== null || tile.status !== 'waiting');

  async function downloadAll() {
    // The server's archive has exactly the batch's succeeded runs; anything else is zipped here.
    if (batchId && !definition.inBrowser && done.every((tile) => tile.inBatch)) {
      const link = document.createElement('a');
      link.href = batchArchiveUrl(batchId);
      link.download = '';
      document.body.append(link);
      link.click();
      link.remove();
      return;
    }
    setZipping(true);
    try {
      const zip = await zipResults(done.map((tile) => ({ inputName: tile.file.name, outputs: tile.outputs })));
      saveAs(zip, `${definition.downloadPrefix}-${Date.now()}.zip`);
    } catch {
      void notify((toast) => toast.error(t('batch.downloadFailed')));
    } finally {
      setZipping(false);
    }
  }

  async function storedOutput(tile: BatchTile): Promise<OutputRef> {
    const first = tile.outputs[0];
    if (!tile.runId || !first) throw new Error('No result');
    if (definition.inBrowser && !uploaded.current.has(tile.runId)) {
      await toolsApi.uploadBrowserResult(tile.runId, await fetchBlob(first.url));
      uploaded.current.add(tile.runId);
    }
    return { runId: tile.runId, outputIndex: 0 };
  }

  return (
    <section ref={ref} aria-labelledby="batch-title" className={STAGE_FRAME_CLASS}>
      <div className="flex min-h-12 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 py-1.5 pr-1.5 pl-4 dark:border-zinc-800">
        <h2 id="batch-title" className="text-sm font-semibold">
          {t('batch.title', { count: tiles.length })}
        </h2>
        {started && (
          <p className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400" aria-live="polite">
            {t('batch.counts', { done: done.length, total: tiles.length })}
            {failed > 0 && (
              <span className="text-red-700 dark:text-red-400"> · {t('batch.failedCount', { count: failed })}</span>
            )}
          </p>
        )}
        {started && (
          <button
            type="button"
            onClick={() => void downloadAll()}
            disabled={done.length === 0 || working || zipping}
            className={buttonClass('primary', 'toolText', 'ml-auto px-3.5')}
          >
            <Download aria-hidden="true" className="size-4" />
            {zipping ? t('batch.zipping') : t('batch.downloadAll')}
          </button>
        )}
      </div>

      <div
        className="relative min-h-64 bg-zinc-100 lg:min-h-0 lg:flex-1 lg:overflow-y-auto dark:bg-zinc-950"
        {...drop.handlers}
      >
        <ul className="grid grid-cols-2 gap-3 p-3 sm:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">
          {tiles.map((tile) => (
            <BatchTileCard
              key={tile.key}
              tile={tile}
              definition={definition}
              editable={editable}
              onRemove={() => props.onRemove(tile.key)}
              onRetry={() => props.onRetry(tile.key)}
              resolve={() => storedOutput(tile)}
            />
          ))}
        </ul>
        {drop.dropping && <DropOverlay label={t('batch.dropMore')} />}
      </div>
      <p className="shrink-0 border-t border-zinc-200 px-4 py-2.5 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        {editable ? t('batch.hint', { max: BATCH_MAX_IMAGES }) : t('batch.note')}
      </p>
    </section>
  );
});

function BatchTileCard({
  tile,
  definition,
  editable,
  onRemove,
  onRetry,
  resolve,
}: {
  tile: BatchTile;
  definition: ToolPageDefinition;
  editable: boolean;
  onRemove: () => void;
  onRetry: () => void;
  resolve: () => Promise<OutputRef>;
}) {
  const { t } = useTranslation(['studio-batch', 'tool-run']);
  const inputUrl = useObjectUrl(tile.file);
  const name = tile.file.name;
  const percent = Math.round(Math.min(100, Math.max(0, tile.progress)));
  const failure = tile.status === 'failed' ? failureText(definition.id, tile.error) : null;
  const result = tile.outputs[0];
  const src = result?.url ?? inputUrl;
  return (
    <li
      data-testid="batch-tile"
      data-status={tile.status}
      className="flex min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
    >
      <div className={clsx('relative aspect-square bg-[length:16px_16px]', CHECKERBOARD)}>
        {src && (
          <img
            src={src}
            alt={result ? t('batch.resultAlt', { name }) : name}
            draggable={false}
            className={clsx('size-full object-contain', isWorking(tile) && 'opacity-70')}
          />
        )}
        {isWorking(tile) && (
          <div className="absolute inset-x-2 bottom-2 rounded-lg bg-white/90 px-2 py-1.5 shadow ring-1 ring-zinc-200 dark:bg-zinc-900/90 dark:ring-zinc-700">
            <div className="mb-1 flex justify-between text-[11px] tabular-nums text-zinc-700 dark:text-zinc-300">
              <span>{t(`batch.status.${tile.status}`)}</span>
              <span>{percent}%</span>
            </div>
            <ProgressTrack
              percent={percent}
              label={t('batch.progress', { name })}
              className="h-1.5 bg-zinc-200 dark:bg-zinc-700"
            />
          </div>
        )}
        {failure && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-white/85 p-2 text-center dark:bg-zinc-950/85">
            <AlertCircle aria-hidden="true" className="size-5 text-red-600 dark:text-red-400" />
            <p className="line-clamp-3 text-xs text-red-800 dark:text-red-300">
              {t(`tool-run:${failure.title}`)}
              {failure.description ? ` ${t(`tool-run:${failure.description}`)}` : ''}
            </p>
            <button
              type="button"
              onClick={onRetry}
              aria-label={t('batch.retryLabel', { name })}
              className={buttonClass('secondary', 'toolText')}
            >
              <RotateCw aria-hidden="true" className="size-3.5" />
              {t('batch.retry')}
            </button>
          </div>
        )}
        {editable && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('batch.remove', { name })}
            title={t('batch.remove', { name })}
            className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-zinc-900/70 text-white hover:bg-zinc-900"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      <div className="flex h-11 items-center gap-1.5 pr-1 pl-2.5">
        {tile.status === 'succeeded' && (
          <Check aria-label={t('batch.status.succeeded')} className="size-4 shrink-0 text-emerald-600" />
        )}
        <span className="min-w-0 flex-1 truncate text-xs" title={name}>
          {name}
        </span>
        {tile.outputs.length > 1 && (
          <span className="shrink-0 rounded-full bg-zinc-100 px-1.5 text-[11px] tabular-nums text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {t('batch.moreResults', { count: tile.outputs.length })}
          </span>
        )}
        {tile.status === 'succeeded' && result && (
          <LazyContinueWithMenu
            mediaType={result.mediaType}
            resolve={resolve}
            label={t('continue.labelFor', { name })}
            compact
          />
        )}
      </div>
    </li>
  );
}
