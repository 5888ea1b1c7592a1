import { BATCH_MAX_IMAGES, INPUT_IMAGE_FORMATS, isAdvancedOption } from '@atelier/contracts';
import { RotateCcw } from 'lucide-react';
import { lazy, type ReactElement, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../auth/use-session.ts';
import { addToBatch, batchCost, takesBatch } from './batch/batch-plan.ts';
import { BatchStage } from './batch/batch-stage.tsx';
import { PlanLock } from '../pricing/plan-lock.tsx';
import { useEntitlements } from '../pricing/use-entitlements.ts';
import { checkImageFile, imageChecksSettled, imageSize } from './intake/check-image-file.ts';
import { CreditsBanner } from './credits/credits-banner.tsx';
import { EngineNotice } from './run/engine-notice.tsx';
import { ImageDropZone } from './intake/image-drop-zone.tsx';
import { fileFromUrl } from './intake/input-sources.ts';
import { LeaveGuard } from './run/leave-guard.tsx';
import { preloadContinueWithMenu } from './result/lazy-continue-with-menu.tsx';
import { MaskTools } from './mask/mask-tools.tsx';
import { PromptFields } from './options/prompt-fields.tsx';
import { removeBackgroundInBrowser } from './browser-engine/remove-background-in-browser.ts';
import { RunButton } from './run/run-button.tsx';
import { failureText } from './run/run-failure-text.ts';
import { costOf, imageCount, missingInput, type RunInputs, runFormData } from './run/run-inputs.ts';
import { type SampleImage, samplesFor } from './samples/sample-images.ts';
import { ShortcutsDialog } from './shortcuts/shortcuts-dialog.tsx';
import {
  defaultOptionValues,
  needsBackgroundImage,
  type ToolPageDefinition,
  withoutDemoChoices,
  withoutIgnoredOptions,
} from './definitions/tool-definitions.ts';
import { parseToolSource } from '../../lib/tool-href.ts';
import { formFromRun, outputFileName, withStoredInput } from './definitions/tool-links.ts';
import { ToolOptionsForm, withOption } from './options/tool-options-form.tsx';
import { toolsApi } from './api/tools-api.ts';
import { useBatchRun } from './batch/use-batch-run.ts';
import { type InputImage, showForResult, type StageShow } from './stage/stage-show.ts';
import { ToolStage } from './stage/tool-stage.tsx';
import { usePayingCredits } from './credits/use-paying-credits.ts';
import { type FileRefusal, refusalText, useImageIntake } from './intake/use-image-intake.ts';
import { useMaskPainter } from './mask/use-mask-painter.ts';
import { useObjectUrl } from './intake/use-object-url.ts';
import { useShortcuts } from './shortcuts/use-shortcuts.ts';
import { runIsDemo, useToolInfo } from './api/use-tool-catalogue.ts';
import { useToolRun } from './run/use-tool-run.ts';
import type { Run } from '@atelier/contracts';

/** What a result offers (download, copy, save, Continue with…): its code loads with the first run. */
/** The image inputs whose chosen file the checks may refuse. */
type RefusableInput = 'image' | 'referenceImage' | 'backgroundImage';

const ResultActions = lazy(() => import('./result/result-actions.tsx'));
const preloadResultActions = () => void import('./result/result-actions.tsx');

/** Brings the stage fully into view (a phone scrolls to it; a desktop already shows it). */
function bringIntoView(element: HTMLElement | null) {
  if (!element) return;
  const rect = element.getBoundingClientRect();
  if (rect.top >= 0 && rect.bottom <= window.innerHeight) return;
  element.scrollIntoView({ block: rect.height > window.innerHeight ? 'start' : 'center' });
}

/**
 * A tool page's workspace: the options in a side panel, the image on the stage beside it (on
 * a phone, one above the other). State lives here: the inputs, the mask, the run, what the stage
 * shows. Reset remounts it (the page changes its key), which clears everything at once.
 */
export function ToolWorkspace({
  definition,
  header,
  onReset,
}: {
  definition: ToolPageDefinition;
  header: ReactElement;
  onReset: () => void;
}) {
  const { t } = useTranslation(['tool-run', 'studio-batch', 'tools']);
  const session = useSession();
  const { credits, team: payingTeam } = usePayingCredits();
  const info = useToolInfo(definition.id);
  const fields = useMemo(
    () => withoutDemoChoices(withoutIgnoredOptions(definition, info?.ignoredOptions ?? []), info?.demoOptions ?? {}),
    [definition, info],
  );
  const hintId = useId();
  const imageInputId = useId();
  const saveNoteId = useId();
  const stageRef = useRef<HTMLElement>(null);
  const [inputs, setInputs] = useState<RunInputs>(() => ({
    image: null,
    mask: null,
    referenceImage: null,
    backgroundImage: null,
    prompt: '',
    negativePrompt: '',
    options: defaultOptionValues(definition),
  }));
  const update = useCallback((change: Partial<RunInputs>) => setInputs((previous) => ({ ...previous, ...change })), []);
  const setMask = useCallback((mask: File | null) => update({ mask }), [update]);
  const setOption = useCallback(
    (name: string, value: string) =>
      setInputs((previous) => ({ ...previous, options: withOption(previous.options, name, value) })),
    [],
  );
  const imageUrl = useObjectUrl(inputs.image);
  const maskUrl = useObjectUrl(inputs.mask);
  const [input, setInput] = useState<InputImage | null>(null);
  const [show, setShow] = useState<StageShow>({ kind: 'input' });
  const [compare, setCompare] = useState(true);
  const [helpOpen, setHelpOpen] = useState(false);
  // The last file chosen for an image input that the checks refused: Run stays disabled, saying
  // which file and why, until a usable file is chosen for that input.
  const [refusals, setRefusals] = useState<Partial<Record<RefusableInput, FileRefusal>>>({});
  const refuse = useMemo(
    () => ({
      image: (refusal: FileRefusal) => setRefusals((previous) => ({ ...previous, image: refusal })),
      referenceImage: (refusal: FileRefusal) => setRefusals((previous) => ({ ...previous, referenceImage: refusal })),
      backgroundImage: (refusal: FileRefusal) => setRefusals((previous) => ({ ...previous, backgroundImage: refusal })),
    }),
    [],
  );
  const accepted = useCallback((input: RefusableInput) => setRefusals(({ [input]: _, ...rest }) => rest), []);
  // A sample's mask, loaded into the painter once its image is on the stage.
  const [pendingMask, setPendingMask] = useState<File | null>(null);

  const notifyFailure = (error: unknown, run?: Run) => {
    const text = failureText(definition.id, error);
    // A browser run that failed here may have had its credit given back (use-tool-run.ts).
    const refunded = run?.clientSide && run.refunded ? t('failure.creditReturned') : undefined;
    void notify((toast) =>
      toast.error(t(text.title), {
        description:
          [text.serverMessage ?? (text.description && t(text.description)), refunded].filter(Boolean).join(' ') ||
          undefined,
      }),
    );
  };
  const { state, start, startInBrowser, clear } = useToolRun(definition.id, notifyFailure);
  const entitlements = useEntitlements();
  // Batches are for plans with `batches`; on Free the page takes one image and shows the lock.
  const batchLocked = takesBatch(definition.id) && entitlements.has('batches') === false;
  const batchable = takesBatch(definition.id) && !batchLocked;
  const advancedLocked = entitlements.has('advancedOptions') === false;
  const batch = useBatchRun(definition.id, definition.inBrowser, notifyFailure);
  const batchMode = batch.tiles.length > 0;
  // The options a batch was started with: a retried tile runs with them, whatever the form says now.
  const batchInputs = useRef<RunInputs | null>(null);
  // Continue with…: the image is another run's stored output, sent by reference while it is the input.
  const [fromOutput, setFromOutput] = useState<{
    runId: string;
    outputIndex: number;
    tool: Run['tool'];
    file: File;
  } | null>(null);
  const processing = state.phase === 'processing' || batch.running;
  const result = state.phase === 'succeeded' ? state.result : null;

  // The input's own size, read before it is drawn, so the stage fits it without a jump.
  useEffect(() => {
    const file = inputs.image;
    if (!file || !imageUrl) {
      setInput(null);
      return;
    }
    let current = true;
    imageSize(file).then(
      (size) => current && setInput({ url: imageUrl, name: file.name, ...size }),
      () => current && setInput(null),
    );
    return () => {
      current = false;
    };
  }, [inputs.image, imageUrl]);

  const painter = useMaskPainter(definition.mask ? input : null, setMask);
  useEffect(() => {
    if (!pendingMask || !input) return;
    setPendingMask(null);
    void painter.upload(pendingMask);
  }, [pendingMask, input, painter.upload]);

  // A run starting brings its progress into view, a run ending its result (phones scroll).
  useEffect(() => {
    if (processing) bringIntoView(stageRef.current);
  }, [processing]);
  useEffect(() => {
    if (!result) return;
    setShow(showForResult(result.outputs.length));
    bringIntoView(stageRef.current);
  }, [result]);

  // A run the demo engine makes is free, and the page says so before it starts.
  const demo = runIsDemo(info, inputs.options);
  const plan = batchMode
    ? batchCost(definition.id, imageCount(inputs.options), batch.tiles.length, credits, demo)
    : null;
  const cost = plan?.total ?? costOf(definition, inputs.options, demo);
  const signedIn = session.status === 'signed-in';
  const shortOfCredits = credits !== undefined && credits < cost;
  const refusal = refusals.image ?? refusals.referenceImage ?? refusals.backgroundImage;
  // Why the run button is disabled: signed out, an input missing or refused, too few credits.
  const blocked = !signedIn
    ? t('validation.logIn')
    : refusal
      ? refusalText(t, refusal)
      : shortOfCredits
        ? t(`credits.insufficient.${definition.insufficientMessage}`, { count: cost })
        : null;

  async function run() {
    if (processing) return;
    // Its result will offer these: their code loads while it runs.
    preloadResultActions();
    preloadContinueWithMenu();
    if (blocked) {
      void notify((toast) => toast.error(blocked));
      return;
    }
    if (batchMode) {
      const missing = missingInput(definition, { ...inputs, image: batch.tiles[0]?.file ?? null });
      if (missing) {
        void notify((toast) => toast.error(t(`validation.${missing}`)));
        return;
      }
      batchInputs.current = inputs;
      void batch.start(runFormData(fields, { ...inputs, image: null }));
      return;
    }
    // The mask as the painter shows it this instant (its exports after each stroke are asynchronous).
    const mask = definition.mask ? await painter.currentMask() : inputs.mask;
    const sent = { ...inputs, mask };
    const missing = missingInput(definition, sent);
    if (missing) {
      void notify((toast) => toast.error(t(`validation.${missing}`)));
      return;
    }
    const image = sent.image;
    if (definition.inBrowser && image)
      void startInBrowser(image, (onProgress) => removeBackgroundInBrowser(image, onProgress));
    else {
      const stored = fromOutput && fromOutput.file === image ? fromOutput : null;
      void start(withStoredInput(runFormData(fields, sent), stored));
    }
  }

  /** A failed tile of the batch again, as a single run with the batch's options. */
  function retryTile(key: string) {
    const tile = batch.tiles.find((candidate) => candidate.key === key);
    if (!tile) return;
    void batch.retry(key, runFormData(fields, { ...(batchInputs.current ?? inputs), image: tile.file }));
  }

  const fileRules = useMemo(
    () =>
      ({
        formats: definition.image?.formats ?? [],
        tooLargeMessage: definition.inBrowser ? 'imageTooLargeBytes' : 'fileTooLarge',
      }) as const,
    [definition],
  );
  // Any new image (picked, dropped, pasted, a sample): the last result and the mask belong to the old one.
  const takeImage = useCallback(
    (image: File) => {
      update({ image, mask: null });
      accepted('image');
      setShow({ kind: 'input' });
      clear();
    },
    [update, clear, accepted],
  );
  const intake = useImageIntake(fileRules, takeImage, processing, refuse.image);

  /**
   * Images picked, dropped or pasted together. On a tool that takes batches, several make a
   * batch (or join the one being put together); a single one keeps today's single-image page.
   * Every file is checked; past BATCH_MAX_IMAGES nothing is added and the page says why.
   */
  async function takeFiles(files: File[]) {
    if (files.length === 0 || processing) return;
    const selection = batch.launched ? [] : batch.tiles.map((tile) => tile.file);
    if (!batchable || (files.length === 1 && selection.length === 0)) {
      await intake(files[0]);
      return;
    }
    const problems = await Promise.all(files.map((file) => checkImageFile(file, fileRules)));
    const refused = files.filter((_, i) => problems[i]);
    if (refused.length === 1 && files.length === 1) {
      const one = { name: refused[0]!.name, problem: problems[0]! };
      void notify((toast) => toast.error(refusalText(t, one)));
      // Added to a batch, the refused file is left out and the batch can still run.
      if (selection.length === 0) refuse.image(one);
      return;
    }
    if (refused.length > 0)
      void notify((toast) =>
        toast.error(
          t('studio-batch:batch.refused', { count: refused.length, names: refused.map((f) => f.name).join(', ') }),
        ),
      );
    const usable = files.filter((_, i) => !problems[i]);
    if (usable.length === 0) {
      if (selection.length === 0) refuse.image({ name: refused.map((f) => f.name).join(', '), problem: problems[0]! });
      return;
    }
    const added = addToBatch(selection, usable, BATCH_MAX_IMAGES);
    if (added.refused) {
      void notify((toast) =>
        toast.error(t('studio-batch:batch.tooMany', { max: BATCH_MAX_IMAGES, count: added.total })),
      );
      return;
    }
    if (added.files.length === 1) {
      batch.select([]);
      takeImage(added.files[0]!);
      return;
    }
    batch.select(added.files);
    accepted('image');
    update({ image: null, mask: null });
    setShow({ kind: 'input' });
    clear();
  }

  function removeTile(key: string) {
    const rest = batch.tiles.filter((tile) => tile.key !== key);
    if (rest.length === 1) {
      batch.select([]);
      takeImage(rest[0]!.file);
    } else batch.remove(key);
  }

  // Opened from another run (Continue with…, or History's Open in tool): fill the page once.
  const { search } = useLocation();
  const [source] = useState(() => parseToolSource(search));
  const sourceLoaded = useRef(false);
  useEffect(() => {
    if (!source || sourceLoaded.current) return;
    sourceLoaded.current = true;
    const load = async () => {
      const past = await toolsApi.getRun(source.runId);
      if (source.kind === 'fromRun') {
        const output = past.outputs[source.outputIndex];
        if (!output) throw new Error('No such output');
        const file = await fileFromUrl(output.url, outputFileName(past.tool, source.outputIndex, output.mediaType));
        if (await intake(file))
          setFromOutput({ runId: past.id, outputIndex: source.outputIndex, tool: past.tool, file });
        return;
      }
      const form = formFromRun(definition, past.options);
      update({ prompt: form.prompt, negativePrompt: form.negativePrompt, options: form.options });
      for (const stored of past.inputs) {
        const file = await fileFromUrl(stored.url, stored.name ?? outputFileName(past.tool, 0, stored.mediaType));
        if (stored.field === 'image') await intake(file);
        else if (stored.field === 'mask') setPendingMask(file);
        else if (stored.field === 'reference_image') update({ referenceImage: file });
        else if (stored.field === 'background_image') update({ backgroundImage: file });
      }
    };
    load().catch(() => void notify((toast) => toast.error(t('studio-batch:source.failed'))));
  }, [source, definition, intake, update, t]);

  async function chooseSample(sample: SampleImage) {
    try {
      const file = await fileFromUrl(sample.url, sample.fileName);
      if (!(await intake(file))) return;
      if (sample.mask) setPendingMask(await fileFromUrl(sample.mask.url, sample.mask.fileName));
    } catch {
      void notify((toast) => toast.error(t('samples.failed')));
    }
  }

  // The run as of the latest render: pressed while an image is being checked, it waits for the
  // check and then runs with what it let in.
  const latestRun = useRef(run);
  latestRun.current = run;
  const runOnceImagesChecked = () => void imageChecksSettled().then(() => latestRun.current());

  const maskEditing = definition.mask && input !== null && !processing;
  const editMask = () => setShow({ kind: 'input' });
  const onMask = (action: () => void) => () => {
    action();
    editMask();
  };
  useShortcuts({
    run: runOnceImagesChecked,
    help: () => setHelpOpen(true),
    ...(maskEditing
      ? {
          brush: onMask(() => painter.setErase(false)),
          eraser: onMask(() => painter.setErase(true)),
          smallerBrush: onMask(painter.smaller),
          largerBrush: onMask(painter.larger),
          undo: onMask(painter.undo),
          redo: onMask(painter.redo),
          clearMask: onMask(painter.clear),
        }
      : {}),
  });

  const outputIndex = show.kind === 'output' ? show.index : 0;
  const samples = samplesFor(definition.id);
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-[1680px] gap-6 px-4 pt-6 pb-10 sm:px-6 lg:h-[calc(100dvh-4rem)] lg:grid-cols-[minmax(20rem,24rem)_minmax(0,1fr)] lg:gap-5 lg:py-4">
      <div className="flex min-h-0 flex-col gap-4 lg:overflow-y-auto lg:pr-1">
        {header}
        {payingTeam && (
          <p className="text-sm font-medium text-brand-700 dark:text-brand-300" data-testid="paying-team">
            {t('common:account.paysFrom', { name: payingTeam.name })}
          </p>
        )}
        <CreditsBanner credits={credits} cost={cost} demo={demo} />
        {plan && (
          <p
            data-testid="batch-cost"
            className="rounded-2xl border border-zinc-200 px-3.5 py-2.5 text-sm dark:border-zinc-800"
          >
            <span className="font-medium">
              {demo
                ? t('studio-batch:batch.demo', { count: batch.tiles.length })
                : t('studio-batch:batch.cost', {
                    count: batch.tiles.length,
                    perInput: plan.perInput,
                    total: plan.total,
                  })}
            </span>{' '}
            {plan.covered === true && !demo && (
              <span className="text-emerald-700 dark:text-emerald-400">{t('studio-batch:batch.covered')}</span>
            )}
            {plan.covered === false && credits !== undefined && (
              <span className="text-red-700 dark:text-red-400">
                {t('studio-batch:batch.short', { count: plan.total - credits })}
              </span>
            )}
          </p>
        )}
        <EngineNotice tool={definition.id} info={info} options={inputs.options} />
        <form
          className="flex flex-1 flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            runOnceImagesChecked();
          }}
        >
          {definition.image && (
            <ImageDropZone
              id={imageInputId}
              label={
                definition.mask
                  ? t('upload.original')
                  : batchable
                    ? t('studio-batch:batch.images', { max: BATCH_MAX_IMAGES })
                    : t('upload.image')
              }
              file={batch.tiles[0]?.file ?? inputs.image}
              onFile={takeImage}
              onRefuse={refuse.image}
              onFiles={
                batchable
                  ? (files) => void takeFiles(files)
                  : batchLocked
                    ? (files) => {
                        if (files.length > 1) void notify((toast) => toast.message(t('common:planLock.oneImage')));
                        if (files[0]) void intake(files[0]);
                      }
                    : undefined
              }
              summary={
                batchMode
                  ? t(batch.launched ? 'studio-batch:batch.selectionDone' : 'studio-batch:batch.selection', {
                      count: batch.tiles.length,
                    })
                  : undefined
              }
              rules={fileRules}
              disabled={processing}
              takesPaste
            />
          )}
          {batchLocked && <PlanLock feature="batches" className="-mt-2" />}
          {fromOutput && fromOutput.file === inputs.image && (
            <p data-testid="input-source" className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">
              {t('studio-batch:source.fromRun', { tool: t(`tools:${fromOutput.tool}.name`) })}
            </p>
          )}
          {definition.mask && <MaskTools painter={painter} image={input} disabled={processing} onEdit={editMask} />}
          {definition.referenceImage && (
            <ImageDropZone
              label={t('upload.reference')}
              file={inputs.referenceImage}
              onFile={(referenceImage) => {
                update({ referenceImage });
                accepted('referenceImage');
              }}
              onRefuse={refuse.referenceImage}
              rules={{ formats: INPUT_IMAGE_FORMATS, tooLargeMessage: 'fileTooLarge' }}
              disabled={processing}
            />
          )}
          <PromptFields
            definition={fields}
            inputs={inputs}
            update={update}
            disabled={processing}
            negativeLocked={advancedLocked}
          />
          {fields.options.length > 0 && (
            <ToolOptionsForm
              fields={fields.options}
              values={inputs.options}
              onChange={setOption}
              disabled={processing}
              locked={(name, value) => advancedLocked && isAdvancedOption(definition.id, name, value)}
            />
          )}
          {needsBackgroundImage(definition, inputs.options) && (
            <ImageDropZone
              label={t('upload.background')}
              file={inputs.backgroundImage}
              onFile={(backgroundImage) => {
                update({ backgroundImage });
                accepted('backgroundImage');
              }}
              onRefuse={refuse.backgroundImage}
              rules={{ formats: INPUT_IMAGE_FORMATS, tooLargeMessage: 'fileTooLarge' }}
              disabled={processing}
            />
          )}

          <div className="mt-auto flex flex-col gap-2 border-zinc-200 bg-white/95 pt-3 backdrop-blur lg:sticky lg:bottom-0 lg:border-t lg:pb-1 dark:border-zinc-800 dark:bg-zinc-950/95">
            <div className="flex items-center gap-2">
              <RunButton
                label={processing ? t('action.processing') : t(`action.${definition.action}`)}
                disabled={processing || blocked !== null}
                describedBy={blocked ? hintId : undefined}
                note={demo && !processing ? t('action.demoFree') : undefined}
              />
              <button
                type="button"
                onClick={onReset}
                disabled={processing}
                className={buttonClass('secondary', 'lg', 'px-5')}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('action.reset')}
              </button>
            </div>
            {blocked && (
              <p id={hintId} className="text-sm text-red-700 [overflow-wrap:anywhere] dark:text-red-400">
                {blocked}
              </p>
            )}
            {result?.inBrowser && (
              <p id={saveNoteId} className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('result.browserSaveNote')}
              </p>
            )}
          </div>
        </form>
      </div>

      {batchMode ? (
        <BatchStage
          ref={stageRef}
          definition={definition}
          tiles={batch.tiles}
          batchId={batch.batchId}
          editable={!batch.launched && !processing}
          onRemove={removeTile}
          onRetry={retryTile}
          onDropFiles={(files) => void takeFiles(files)}
        />
      ) : (
        // A Suspense boundary: React hydrates the stage on its own, after the panel or first if
        // it is pressed first (selective hydration).
        <Suspense fallback={null}>
          <ToolStage
            ref={stageRef}
            definition={definition}
            input={input}
            painter={definition.mask ? painter : null}
            maskUrl={maskUrl}
            state={state}
            show={show}
            onShow={setShow}
            compare={compare}
            onCompare={setCompare}
            imageInputId={imageInputId}
            onDropFiles={(files) => void takeFiles(files)}
            samples={samples}
            onSample={(sample) => void chooseSample(sample)}
            onHelp={() => setHelpOpen(true)}
            actions={
              result && (
                <Suspense fallback={null}>
                  <ResultActions
                    key={result.runId}
                    definition={definition}
                    result={result}
                    index={outputIndex}
                    prompt={inputs.prompt}
                    negativePrompt={inputs.negativePrompt}
                    saveNoteId={result.inBrowser ? saveNoteId : undefined}
                  />
                </Suspense>
              )
            }
          />
        </Suspense>
      )}
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} withMask={definition.mask} />
      <LeaveGuard active={processing} inBrowser={definition.inBrowser} />
    </div>
  );
}
