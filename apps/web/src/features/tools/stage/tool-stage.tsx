import type { RunOutput } from '@atelier/contracts';
import { clsx } from 'clsx';
import { ImagePlus, ImageUp, Keyboard, SplitSquareHorizontal, Sparkles } from 'lucide-react';
import { forwardRef, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompareDivider, CompareLayers, CompareRange } from './compare-view.tsx';
import { LazyContinueWithMenu } from '../result/lazy-continue-with-menu.tsx';
import { IconButton } from './icon-button.tsx';
import type { SampleImage } from '../samples/sample-images.ts';
import { SampleStrip } from '../samples/sample-strip.tsx';
import type { Point, Size, View } from './stage-view.ts';
import { type PaintGesture, StageViewport } from './stage-viewport.tsx';
import { CHECKERBOARD, DropOverlay, STAGE_FRAME_CLASS, useFileDrop } from './stage-frame.tsx';
import { PriorityNote, StageProgress } from './stage-progress.tsx';
import type { ToolPageDefinition } from '../definitions/tool-definitions.ts';
import type { MaskPainter } from '../mask/use-mask-painter.ts';
import { useShortcuts } from '../shortcuts/use-shortcuts.ts';
import { useStageView } from './use-stage-view.ts';
import type { RunState } from '../run/use-tool-run.ts';
import { ZoomControls } from './zoom-controls.tsx';

/** The chosen input image with its own size (known before it is drawn, so the stage never jumps). */
export interface InputImage extends Size {
  url: string;
  name: string;
}

/**
 * What the stage shows: the input (the mask painter on inpainting), one output (before/after
 * when the tool takes an image and Compare is on), the mask sent, or every output in a grid.
 * The outputs may later be a batch's tiles: they are only a list here.
 */
export type StageShow = { kind: 'input' } | { kind: 'output'; index: number } | { kind: 'mask' } | { kind: 'grid' };

/** Where the stage starts when a run ends: a grid for several images, else the (first) result. */
export const showForResult = (outputs: number): StageShow =>
  outputs > 1 ? { kind: 'grid' } : { kind: 'output', index: 0 };

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

/** A `show` that fits what exists (after a reset or a new input, a result view falls back to the input). */
function resolveShow(show: StageShow, outputs: number, input: InputImage | null, maskUrl: string | null): StageShow {
  if (show.kind === 'output' && show.index < outputs) return show;
  if (show.kind === 'grid' && outputs > 1) return show;
  if (show.kind === 'mask' && maskUrl && input && outputs > 0) return show;
  return outputs > 0 && !input ? showForResult(outputs) : { kind: 'input' };
}

function EmptyStage(props: ToolStageProps & { processing: boolean }) {
  const { t } = useTranslation('tool-run');
  const { definition } = props;
  if (!definition.image) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 dark:bg-brand-950/60 dark:text-brand-300">
          <Sparkles aria-hidden="true" className="size-7" />
        </span>
        <p className="text-base font-medium">{t('stage.promptEmpty')}</p>
        <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
          {t('stage.promptEmptyHint', { action: t(`action.${definition.action}`) })}
        </p>
      </div>
    );
  }
  return (
    <div className="flex size-full flex-col items-center justify-center gap-5 overflow-y-auto p-4 text-center">
      <label
        htmlFor={props.imageInputId}
        className={clsx(
          'flex w-full max-w-md cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-zinc-300 px-6 py-8 transition-colors hover:border-brand-500 hover:bg-white dark:border-zinc-700 dark:hover:bg-zinc-900',
          props.processing && 'pointer-events-none opacity-60',
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/25">
          <ImageUp aria-hidden="true" className="size-6" />
        </span>
        <span className="text-base font-medium text-zinc-900 dark:text-zinc-100">{t('stage.emptyTitle')}</span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">{t('stage.emptyHint')}</span>
      </label>
      <SampleStrip samples={props.samples} onChoose={props.onSample} disabled={props.processing} large />
    </div>
  );
}

/** Every output at once, as tiles; one opens it on the stage. */
function ResultGrid({
  outputs,
  runId,
  onOpen,
}: {
  outputs: readonly RunOutput[];
  /** The stored run, for Continue with… on each tile. */
  runId: string | null;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation(['tool-run', 'studio-batch']);
  const columns = outputs.length <= 4 ? 2 : 3;
  return (
    <ul
      className="grid size-full auto-rows-fr gap-3 overflow-y-auto p-3"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {outputs.map((output, index) => (
        <li key={output.url} className="relative min-h-0">
          <button
            type="button"
            onClick={() => onOpen(index)}
            aria-label={t('stage.openResult', { n: index + 1 })}
            className="flex size-full items-center justify-center overflow-hidden rounded-xl p-1 hover:ring-2 hover:ring-brand-500"
          >
            <img
              src={output.url}
              alt={t('result.resultAlt', { n: index + 1 })}
              width={output.width}
              height={output.height}
              className={clsx('max-h-full max-w-full bg-[length:16px_16px] object-contain shadow-sm', CHECKERBOARD)}
            />
          </button>
          {runId && (
            <div className="absolute top-2 right-2">
              <LazyContinueWithMenu
                mediaType={output.mediaType}
                resolve={() => Promise.resolve({ runId, outputIndex: index })}
                label={t('studio-batch:continue.labelN', { n: index + 1 })}
                compact
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The thumbnails under a result: original, mask, each output and the grid; the one shown is pressed. */
function ResultViews({
  result,
  shown,
  input,
  maskUrl,
  definition,
  onShow,
}: ToolStageProps & { result: NonNullable<Extract<RunState, { phase: 'succeeded' }>['result']>; shown: StageShow }) {
  const { t } = useTranslation('tool-run');
  const many = result.outputs.length > 1;
  // `caption` is what fits under a 40 px thumbnail; `label` names the button when they differ.
  const views: { key: string; show: StageShow; caption: string; label?: string; src?: string; icon?: ReactNode }[] = [];
  if (input) views.push({ key: 'input', show: { kind: 'input' }, caption: t('stage.input'), src: input.url });
  if (definition.mask && maskUrl)
    views.push({ key: 'mask', show: { kind: 'mask' }, caption: t('result.mask'), src: maskUrl });
  result.outputs.forEach((output, index) => {
    views.push({
      key: `output-${index}`,
      show: { kind: 'output', index },
      caption: many ? String(index + 1) : t('result.result'),
      label: many ? t('result.resultN', { n: index + 1 }) : undefined,
      src: output.url,
    });
  });
  if (many)
    views.push({
      key: 'grid',
      show: { kind: 'grid' },
      caption: t('stage.grid'),
      label: t('stage.gridLabel'),
      icon: <ImagePlus aria-hidden="true" className="size-5" />,
    });
  const same = (a: StageShow, b: StageShow) =>
    a.kind === b.kind && (a.kind !== 'output' || (b.kind === 'output' && a.index === b.index));
  return (
    <ul aria-label={t('stage.views')} className="flex min-w-0 gap-2 overflow-x-auto py-1">
      {views.map((view) => {
        const pressed = same(view.show, shown);
        return (
          <li key={view.key} className="shrink-0">
            <button
              type="button"
              aria-pressed={pressed}
              aria-label={view.label}
              onClick={() => onShow(view.show)}
              className="group flex w-11 flex-col items-center gap-0.5 rounded-lg"
            >
              <span
                className={clsx(
                  'flex size-10 items-center justify-center overflow-hidden rounded-lg border-2 bg-zinc-100 text-zinc-500 dark:bg-zinc-800',
                  pressed
                    ? 'border-brand-600'
                    : 'border-transparent group-hover:border-zinc-300 dark:group-hover:border-zinc-600',
                )}
              >
                {view.src ? <img src={view.src} alt="" className="size-full object-cover" /> : view.icon}
              </span>
              <span
                className={clsx(
                  'max-w-full truncate text-[11px] leading-tight',
                  pressed ? 'font-medium text-brand-700 dark:text-brand-300' : 'text-zinc-600 dark:text-zinc-400',
                )}
              >
                {view.caption}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
