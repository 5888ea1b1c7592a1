import { isAdvancedOption } from '@atelier/contracts';
import { type ReactElement, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntitlements } from '../pricing/index.ts';
import { useToolInfo } from './api/use-tool-catalogue.ts';
import { BatchCostNote } from './batch/batch-cost-note.tsx';
import { takesBatch } from './batch/batch-plan.ts';
import { BatchStage } from './batch/batch-stage.tsx';
import { useBatchIntake } from './batch/use-batch-intake.ts';
import { useBatchRun } from './batch/use-batch-run.ts';
import { CreditsBanner, PayingTeamNote } from './credits/credits-banner.tsx';
import { usePayingCredits } from './credits/use-paying-credits.ts';
import {
  needsBackgroundImage,
  type ToolPageDefinition,
  withoutDemoChoices,
  withoutIgnoredOptions,
} from './definitions/tool-definitions.ts';
import { mainImageRules } from './intake/check-image-file.ts';
import { MainImageInput, OtherImageInput } from './intake/main-image-input.tsx';
import { useImageIntake } from './intake/use-image-intake.ts';
import { useObjectUrl } from './intake/use-object-url.ts';
import { useRefusals } from './intake/use-refusals.ts';
import { MaskTools } from './mask/mask-tools.tsx';
import { useMaskPainter } from './mask/use-mask-painter.ts';
import { usePendingMask } from './mask/use-pending-mask.ts';
import { PromptFields } from './options/prompt-fields.tsx';
import { ToolOptionsForm } from './options/tool-options-form.tsx';
import { LazyResultActions } from './result/lazy-result-actions.tsx';
import { EngineNotice } from './run/engine-notice.tsx';
import { LeaveGuard } from './run/leave-guard.tsx';
import { RunBar } from './run/run-bar.tsx';
import { useFailureNotice } from './run/use-failure-notice.ts';
import { useRunPrice } from './run/use-run-price.ts';
import { useRunSource } from './run/use-run-source.ts';
import { useToolInputs } from './run/use-tool-inputs.ts';
import { useToolRun } from './run/use-tool-run.ts';
import { useWorkspaceRun } from './run/use-workspace-run.ts';
import { samplesFor } from './samples/sample-images.ts';
import { useSampleChoice } from './samples/use-sample-choice.ts';
import { ShortcutsDialog } from './shortcuts/shortcuts-dialog.tsx';
import { useWorkspaceShortcuts } from './shortcuts/use-workspace-shortcuts.ts';
import type { StageShow } from './stage/stage-show.ts';
import { ToolStage } from './stage/tool-stage.tsx';
import { useInputImage } from './stage/use-input-image.ts';
import { useStageFollowsRun } from './stage/use-stage-follows-run.ts';

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
  const { inputs, update, setMask, setOption } = useToolInputs(definition);
  const imageUrl = useObjectUrl(inputs.image);
  const maskUrl = useObjectUrl(inputs.mask);
  const [show, setShow] = useState<StageShow>({ kind: 'input' });
  const [compare, setCompare] = useState(true);
  const [helpOpen, setHelpOpen] = useState(false);
  const { refusal, refuse, accepted } = useRefusals();

  const notifyFailure = useFailureNotice(definition.id);
  const toolRun = useToolRun(definition.id, notifyFailure);
  const { state, clear } = toolRun;
  const entitlements = useEntitlements();
  // Batches are for plans with `batches`; on Free the page takes one image and shows the lock.
  const batchLocked = takesBatch(definition.id) && entitlements.has('batches') === false;
  const batchable = takesBatch(definition.id) && !batchLocked;
  const advancedLocked = entitlements.has('advancedOptions') === false;
  const batch = useBatchRun(definition.id, definition.inBrowser, notifyFailure);
  const batchMode = batch.tiles.length > 0;
  const processing = state.phase === 'processing' || batch.running;
  const result = state.phase === 'succeeded' ? state.result : null;

  const input = useInputImage(inputs.image, imageUrl);
  const painter = useMaskPainter(definition.mask ? input : null, setMask);
  const setPendingMask = usePendingMask(painter, input);
  useStageFollowsRun(stageRef, processing, result, setShow);

  const { demo, plan, cost, blocked } = useRunPrice({
    definition,
    info,
    options: inputs.options,
    inputs: batch.tiles.length,
    credits,
    refusal,
  });

  const fileRules = useMemo(() => mainImageRules(definition), [definition]);
  // Any new image (picked, dropped, pasted, a sample): the last result and the mask belong to the old one.
  const takeImage = useCallback(
    (image: File | null) => {
      update({ image, mask: null });
      accepted('image');
      setShow({ kind: 'input' });
      clear();
    },
    [update, clear, accepted],
  );
  const intake = useImageIntake(fileRules, takeImage, processing, refuse.image);
  const { takeFiles, removeTile } = useBatchIntake({
    batch,
    batchable,
    processing,
    rules: fileRules,
    intake,
    takeImage,
    refuseImage: refuse.image,
    onBatch: () => takeImage(null),
  });
  const fromOutput = useRunSource(definition, intake, update, setPendingMask);

  const chooseSample = useSampleChoice(intake, setPendingMask);
  const { runOnceImagesChecked, retryTile } = useWorkspaceRun({
    definition,
    fields,
    inputs,
    processing,
    blocked,
    run: toolRun,
    batch,
    painter,
    fromOutput,
  });

  const editMask = () => setShow({ kind: 'input' });
  useWorkspaceShortcuts({
    run: runOnceImagesChecked,
    help: () => setHelpOpen(true),
    painter,
    maskEditing: definition.mask && input !== null && !processing,
    editMask,
  });

  const outputIndex = show.kind === 'output' ? show.index : 0;
  const samples = samplesFor(definition.id);
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-[1680px] gap-6 px-4 pt-6 pb-10 sm:px-6 lg:h-[calc(100dvh-4rem)] lg:grid-cols-[minmax(20rem,24rem)_minmax(0,1fr)] lg:gap-5 lg:py-4">
      <div className="flex min-h-0 flex-col gap-4 lg:overflow-y-auto lg:pr-1">
        {header}
        <PayingTeamNote team={payingTeam} />
        <CreditsBanner credits={credits} cost={cost} demo={demo} />
        {plan && <BatchCostNote plan={plan} count={batch.tiles.length} credits={credits} demo={demo} />}
        <EngineNotice tool={definition.id} info={info} options={inputs.options} />
        {/* An action, not onSubmit: a Run pressed before the page is hydrated is kept by React's
            own form replaying and run once it is. React resets a form after its action; this
            form's fields are the workspace's state, kept. */}
        <form
          className="flex flex-1 flex-col gap-4"
          action={() => runOnceImagesChecked()}
          onReset={(event) => event.preventDefault()}
        >
          {definition.image && (
            <MainImageInput
              id={imageInputId}
              mask={definition.mask}
              file={batch.tiles[0]?.file ?? inputs.image}
              batchable={batchable}
              batchLocked={batchLocked}
              batch={batchMode ? { count: batch.tiles.length, launched: batch.launched } : null}
              onFile={takeImage}
              onRefuse={refuse.image}
              onFiles={(files) => void takeFiles(files)}
              intake={intake}
              rules={fileRules}
              disabled={processing}
              fromOutput={fromOutput && fromOutput.file === inputs.image ? fromOutput : null}
            />
          )}
          {definition.mask && <MaskTools painter={painter} image={input} disabled={processing} onEdit={editMask} />}
          {definition.referenceImage && (
            <OtherImageInput
              label={t('upload.reference')}
              file={inputs.referenceImage}
              onFile={(referenceImage) => {
                update({ referenceImage });
                accepted('referenceImage');
              }}
              onRefuse={refuse.referenceImage}
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
            <OtherImageInput
              label={t('upload.background')}
              file={inputs.backgroundImage}
              onFile={(backgroundImage) => {
                update({ backgroundImage });
                accepted('backgroundImage');
              }}
              onRefuse={refuse.backgroundImage}
              disabled={processing}
            />
          )}

          <RunBar
            label={processing ? t('action.processing') : t(`action.${definition.action}`)}
            processing={processing}
            blocked={blocked}
            hintId={hintId}
            note={demo && !processing ? t('action.demoFree') : undefined}
            onReset={onReset}
            saveNoteId={result?.inBrowser ? saveNoteId : undefined}
          />
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
                <LazyResultActions
                  key={result.runId}
                  definition={definition}
                  result={result}
                  index={outputIndex}
                  prompt={inputs.prompt}
                  negativePrompt={inputs.negativePrompt}
                  saveNoteId={result.inBrowser ? saveNoteId : undefined}
                />
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
