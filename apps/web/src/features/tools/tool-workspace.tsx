import { INPUT_IMAGE_FORMATS } from '@atelier/contracts';
import { RotateCcw, Sparkles } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../auth/use-session.ts';
import { CreditsBanner } from './credits-banner.tsx';
import { EngineNotice } from './engine-notice.tsx';
import { MaskSizeNotice } from './mask-size-notice.tsx';
import { ImageDropZone } from './image-drop-zone.tsx';
import { MaskPainter } from './mask-painter.tsx';
import { PromptFields } from './prompt-fields.tsx';
import { ResultView } from './result-view.tsx';
import { removeBackgroundInBrowser } from './remove-background-in-browser.ts';
import { RunProgress } from './run-progress.tsx';
import { costOf, missingInput, type RunInputs, runFormData } from './run-inputs.ts';
import { failureText } from './run-failure-text.ts';
import { defaultOptionValues, type ToolPageDefinition, withoutIgnoredOptions } from './tool-definitions.ts';
import { ToolOptionsForm } from './tool-options-form.tsx';
import { useCredits } from './use-credits.ts';
import { useObjectUrl } from './use-object-url.ts';
import { useToolInfo } from './use-tool-catalogue.ts';
import { useToolRun } from './use-tool-run.ts';

/**
 * The working area of a tool page: inputs, options, the run button, progress and results.
 * Reset remounts it (the page changes its key), which clears every file, preview, result,
 * prompt and the progress at once.
 */
export function ToolWorkspace({ definition, onReset }: { definition: ToolPageDefinition; onReset: () => void }) {
  const { t } = useTranslation('tool-run');
  const session = useSession();
  const credits = useCredits();
  const info = useToolInfo(definition.id);
  const fields = useMemo(() => withoutIgnoredOptions(definition, info?.ignoredOptions ?? []), [definition, info]);
  const hintId = useId();
  const [inputs, setInputs] = useState<RunInputs>(() => ({
    image: null,
    mask: null,
    referenceImage: null,
    prompt: '',
    negativePrompt: '',
    options: defaultOptionValues(definition),
  }));
  const update = useCallback((change: Partial<RunInputs>) => setInputs((previous) => ({ ...previous, ...change })), []);
  const setMask = useCallback((mask: File | null) => update({ mask }), [update]);
  const imageUrl = useObjectUrl(inputs.image);
  const maskUrl = useObjectUrl(inputs.mask);

  const { state, start, startInBrowser } = useToolRun(definition.id, (error, run) => {
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
  });
  const processing = state.phase === 'processing';

  const cost = costOf(definition, inputs.options);
  const signedIn = session.status === 'signed-in';
  const shortOfCredits = credits !== undefined && credits < cost;
  // Why the run button is disabled, in the spec's words (tools.md §1, §5).
  const blocked = !signedIn
    ? t('validation.logIn')
    : shortOfCredits
      ? t(`credits.insufficient.${definition.insufficientMessage}`, { count: cost })
      : null;

  function run() {
    if (blocked) {
      void notify((toast) => toast.error(blocked));
      return;
    }
    const missing = missingInput(definition, inputs);
    if (missing) {
      void notify((toast) => toast.error(t(`validation.${missing}`)));
      return;
    }
    const image = inputs.image;
    if (definition.inBrowser && image)
      void startInBrowser(image, (onProgress) => removeBackgroundInBrowser(image, onProgress));
    else void start(runFormData(fields, inputs));
  }

  const fileRules = {
    formats: definition.image?.formats ?? [],
    tooLargeMessage: definition.inBrowser ? 'imageTooLargeBytes' : 'fileTooLarge',
  } as const;
  const result = state.phase === 'succeeded' ? state.result : null;

  return (
    <div className="flex flex-col gap-6">
      <CreditsBanner credits={credits} cost={cost} />
      <EngineNotice tool={definition.id} info={info} options={inputs.options} />

      <form
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        {definition.image && (
          <div className={definition.mask ? 'grid gap-6 lg:grid-cols-2' : undefined}>
            <ImageDropZone
              label={t(definition.mask ? 'upload.original' : 'upload.image')}
              file={inputs.image}
              onFile={(image) => update({ image })}
              rules={fileRules}
              disabled={processing}
              takesPaste
              preview={!definition.mask}
            />
            {definition.mask && (
              <ImageDropZone
                label={t('upload.mask')}
                file={inputs.mask}
                onFile={setMask}
                rules={{ ...fileRules, formats: INPUT_IMAGE_FORMATS }}
                disabled={processing}
              />
            )}
          </div>
        )}
        {definition.mask && <MaskSizeNotice image={inputs.image} mask={inputs.mask} />}
        {definition.mask && imageUrl && (
          <MaskPainter key={imageUrl} imageUrl={imageUrl} onMask={setMask} disabled={processing} />
        )}
        {definition.referenceImage && (
          <ImageDropZone
            label={t('upload.reference')}
            file={inputs.referenceImage}
            onFile={(referenceImage) => update({ referenceImage })}
            rules={{ formats: INPUT_IMAGE_FORMATS, tooLargeMessage: 'fileTooLarge' }}
            disabled={processing}
          />
        )}

        <PromptFields definition={fields} inputs={inputs} update={update} disabled={processing} />
        {fields.options.length > 0 && (
          <ToolOptionsForm
            fields={fields.options}
            values={inputs.options}
            onChange={(options) => update({ options })}
            disabled={processing}
          />
        )}

        {processing && (
          <RunProgress progress={state.progress} label={definition.inBrowser ? t('progress.browser') : undefined} />
        )}

        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={processing || blocked !== null}
            aria-describedby={blocked ? hintId : undefined}
            className={buttonClass('primary', 'lg')}
          >
            <Sparkles aria-hidden="true" className="size-4" />
            {processing ? t('action.processing') : t(`action.${definition.action}`)}
          </button>
          <button type="button" onClick={onReset} disabled={processing} className={buttonClass('secondary', 'lg')}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('action.reset')}
          </button>
          {blocked && (
            <p id={hintId} className="text-sm text-red-700 dark:text-red-400">
              {blocked}
            </p>
          )}
        </div>
      </form>

      {result && (
        <ResultView
          definition={definition}
          result={result}
          originalUrl={imageUrl}
          maskUrl={maskUrl}
          prompt={inputs.prompt}
          negativePrompt={inputs.negativePrompt}
        />
      )}
    </div>
  );
}
