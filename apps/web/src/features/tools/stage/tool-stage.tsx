import { clsx } from 'clsx';
import { Keyboard, SplitSquareHorizontal } from 'lucide-react';
import { forwardRef, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolPageDefinition } from '../definitions/tool-definitions.ts';
import type { MaskPainter } from '../mask/use-mask-painter.ts';
import type { RunState } from '../run/use-tool-run.ts';
import type { SampleImage } from '../samples/sample-images.ts';
import { SampleStrip } from '../samples/sample-strip.tsx';
import { useShortcuts } from '../shortcuts/use-shortcuts.ts';
import { CompareDivider, CompareLayers, CompareRange } from './compare-view.tsx';
import { EmptyStage } from './empty-stage.tsx';
import { IconButton } from './icon-button.tsx';
import { ResultGrid } from './result-grid.tsx';
import { ResultViews } from './result-views.tsx';
import { CHECKERBOARD, DropOverlay, STAGE_FRAME_CLASS, useFileDrop } from './stage-frame.tsx';
import { PriorityNote, StageProgress } from './stage-progress.tsx';
import { type InputImage, resolveShow, type StageShow } from './stage-show.ts';
import type { Point, Size, View } from './stage-view.ts';
import { type PaintGesture, StageViewport } from './stage-viewport.tsx';
import { useStageView } from './use-stage-view.ts';
import { ZoomControls } from './zoom-controls.tsx';

interface ToolStageProps {
  definition: ToolPageDefinition;
  input: InputImage | null;
  painter: MaskPainter | null;
  maskUrl: string | null;
  state: RunState;
  show: StageShow;
  onShow: (show: StageShow) => void;
  compare: boolean;
  onCompare: (compare: boolean) => void;
  /** The side panel's image input: the empty stage is a label of it too. */
  imageInputId: string;
  /** Files dropped on the stage (several make a batch where the tool takes one). */
  onDropFiles: (files: File[]) => void;
  samples: readonly SampleImage[];
  onSample: (sample: SampleImage) => void;
  /** Download, copy and save of the output shown (ResultActions). */
  actions: ReactNode;
  onHelp: () => void;
}

/**
 * The tool page's stage: the image large, zoomable and pannable, with progress over it while a
 * run works and the result in its place when it ends; a toolbar above (what is shown, compare,
 * zoom, shortcuts) and a strip below (samples, then the result's views and actions). Its size
 * comes from the layout, never from the image, so nothing moves when a result arrives.
 */
export const ToolStage = forwardRef<HTMLElement, ToolStageProps>(function ToolStage(props, ref) {
  const { definition, input, painter, maskUrl, state, show, onShow, compare, onCompare } = props;
  const { t } = useTranslation('tool-run');
  const result = state.phase === 'succeeded' ? state.result : null;
  const processing = state.phase === 'processing';
  const [divider, setDivider] = useState(50);
  const [dividerFocused, setDividerFocused] = useState(false);
  useEffect(() => {
    if (result) setDivider(50);
  }, [result]);

  // What is on the stage now, in the image's own pixels.
  const shown = resolveShow(show, result?.outputs.length ?? 0, input, maskUrl);
  const output = shown.kind === 'output' ? result?.outputs[shown.index] : undefined;
  const comparing = shown.kind === 'output' && compare && input !== null && definition.image !== undefined;
  const content: Size | null =
    shown.kind === 'output' && output
      ? { width: output.width, height: output.height }
      : (shown.kind === 'input' || shown.kind === 'mask') && input
        ? input
        : null;
  const stage = useStageView(content);
  useShortcuts(
    content ? { zoomIn: stage.zoomIn, zoomOut: stage.zoomOut, fit: stage.fit, actualSize: stage.actualSize } : {},
  );

  const title =
    shown.kind === 'output'
      ? (result?.outputs.length ?? 0) > 1
        ? t('result.resultN', { n: shown.index + 1 })
        : t('result.heading')
      : shown.kind === 'grid'
        ? t('result.results')
        : shown.kind === 'mask'
          ? t('result.mask')
          : input
            ? t('stage.input')
            : definition.image
              ? t('upload.image')
              : t('result.results');
  const painting = shown.kind === 'input' && painter && input && !processing;
  const paint: PaintGesture | undefined = painting
    ? { start: painter.strokeStart, move: painter.strokeMove, end: painter.strokeEnd, cancel: painter.strokeCancel }
    : undefined;

  let layers: ReactNode = null;
  let overlay: ((view: View, pointer: Point | null) => ReactNode) | undefined;
  if (shown.kind === 'output' && output && comparing && input) {
    layers = <CompareLayers before={input.url} after={output.url} position={divider} />;
    overlay = (view) =>
      content && (
        <CompareDivider
          view={view}
          content={content}
          position={divider}
          onPosition={setDivider}
          focused={dividerFocused}
        />
      );
  } else if (shown.kind === 'output' && output) {
    layers = (
      <img
        src={output.url}
        alt={t('result.resultAlt', { n: shown.index + 1 })}
        draggable={false}
        className="absolute inset-0 size-full"
      />
    );
  } else if (shown.kind === 'mask' && maskUrl) {
    layers = <img src={maskUrl} alt={t('result.maskAlt')} draggable={false} className="absolute inset-0 size-full" />;
  } else if (shown.kind === 'input' && input) {
    layers = (
      <>
        <img
          src={input.url}
          alt={painter ? t('mask.imageAlt') : t('result.originalAlt')}
          draggable={false}
          className="absolute inset-0 size-full"
        />
        {painter && (
          <canvas
            ref={painter.overlayRef}
            width={input.width}
            height={input.height}
            data-testid="mask-canvas"
            className="absolute inset-0 size-full opacity-60"
          />
        )}
      </>
    );
    if (painting)
      overlay = (_view, pointer) =>
        pointer && (
          <span
            aria-hidden="true"
            data-testid="brush-cursor"
            className={clsx(
              'pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgb(0_0_0/0.6)]',
              painter.erase && 'border-dashed',
            )}
            style={{
              left: pointer.x - painter.brush / 2,
              top: pointer.y - painter.brush / 2,
              width: painter.brush,
              height: painter.brush,
            }}
          />
        );
  }

  const flat =
    shown.kind === 'grid' && result ? (
      <ResultGrid
        outputs={result.outputs}
        runId={result.inBrowser ? null : result.runId}
        onOpen={(index) => onShow({ kind: 'output', index })}
      />
    ) : (
      <EmptyStage {...props} processing={processing} />
    );

  const drop = useFileDrop(definition.image !== undefined && !processing, props.onDropFiles);
  return (
    <section ref={ref} aria-labelledby="stage-title" className={STAGE_FRAME_CLASS}>
      <div className="flex h-12 shrink-0 items-center gap-2 border-b border-zinc-200 pr-1.5 pl-4 dark:border-zinc-800">
        <h2 id="stage-title" className="min-w-0 truncate text-sm font-semibold">
          {title}
        </h2>
        {content && shown.kind !== 'grid' && (
          <span className="hidden shrink-0 text-xs tabular-nums text-zinc-500 sm:inline">
            {t('stage.dimensions', { width: content.width, height: content.height })}
          </span>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-0.5">
          {shown.kind === 'output' && input && definition.image && (
            <IconButton
              label={t('stage.compareLabel')}
              icon={SplitSquareHorizontal}
              aria-pressed={compare}
              onClick={() => onCompare(!compare)}
              className="aria-pressed:bg-brand-50 aria-pressed:text-brand-700 dark:aria-pressed:bg-brand-950/50 dark:aria-pressed:text-brand-300"
            />
          )}
          <ZoomControls stage={stage} disabled={!content} />
          <IconButton
            label={t('shortcuts.open')}
            shortcut="?"
            icon={Keyboard}
            onClick={props.onHelp}
            className="max-sm:hidden"
          />
        </div>
      </div>

      <div
        className="relative flex h-[min(100vw,60dvh)] min-h-64 flex-col bg-zinc-100 lg:h-auto lg:min-h-0 lg:flex-1 dark:bg-zinc-950"
        {...drop.handlers}
      >
        <StageViewport
          stage={stage}
          content={content}
          paint={paint}
          label={t('stage.label', { what: title })}
          overlay={overlay}
          flat={flat}
        >
          <div
            aria-hidden="true"
            className={clsx('absolute inset-0', CHECKERBOARD)}
            style={{ backgroundSize: `${16 / stage.view.scale}px ${16 / stage.view.scale}px` }}
          />
          {layers}
        </StageViewport>
        {processing && <StageProgress progress={state.progress} overtook={state.overtook} stage={state.stage} />}
        {!!result?.overtook && (
          <PriorityNote
            overtook={result.overtook}
            className="pointer-events-none absolute top-2 left-2 z-10 max-w-[calc(100%-1rem)] rounded-full bg-white/90 px-3 py-1 shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-900/90 dark:ring-zinc-800"
          />
        )}
        {drop.dropping && <DropOverlay label={t('stage.drop')} />}
      </div>

      {/* On a phone the result's actions take a row of their own under its views, labelled. */}
      <div className="flex min-h-[4.5rem] shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-t border-zinc-200 px-3 py-2 sm:h-[4.5rem] sm:flex-nowrap sm:py-0 dark:border-zinc-800">
        <div className="flex min-w-0 flex-1 items-center">
          {result ? (
            <ResultViews {...props} result={result} shown={shown} />
          ) : input && props.samples.length > 0 ? (
            <SampleStrip samples={props.samples} onChoose={props.onSample} disabled={processing} />
          ) : (
            <p className="truncate text-xs text-zinc-500">
              {definition.image
                ? t(definition.image.formats.length === 2 ? 'upload.limitsPngJpg' : 'upload.limits')
                : t('stage.keysHint')}
            </p>
          )}
        </div>
        {result && props.actions}
      </div>
      {comparing && <CompareRange position={divider} onPosition={setDivider} onFocusChange={setDividerFocused} />}
    </section>
  );
});
