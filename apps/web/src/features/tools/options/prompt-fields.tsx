import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration.ts';
import { PlanLock } from '../../pricing/index.ts';
import { showsPrompt, type ToolPageDefinition } from '../definitions/tool-definitions.ts';
import type { RunInputs } from '../run/run-inputs.ts';

const textareaClass =
  'min-h-24 w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/30 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/** The prompt (where the tool takes one; the photo editor only for `custom`) and the optional negative prompt. */
export function PromptFields({
  definition,
  inputs,
  update,
  disabled,
  negativeLocked = false,
}: {
  definition: ToolPageDefinition;
  inputs: RunInputs;
  update: (change: Partial<RunInputs>) => void;
  disabled: boolean;
  /** The plan lacks advanced options: the negative prompt is shown locked, with the way to unlock it. */
  negativeLocked?: boolean;
}) {
  const { t } = useTranslation('tool-run');
  const promptId = useId();
  const negativeId = useId();
  const optionalNoteId = useId();
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const negativeRef = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeHydration(promptRef, inputs.prompt);
  useTypedBeforeHydration(negativeRef, inputs.negativePrompt);
  if (!showsPrompt(definition, inputs.options)) return null;
  const optional = definition.prompt === 'optional';
  const promptLabel = t(
    `prompt.${definition.id === 'inpainting' ? 'inpainting' : definition.prompt === 'custom-edit' ? 'customEdit' : 'label'}`,
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={promptId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {promptLabel}
        </label>
        <textarea
          ref={promptRef}
          id={promptId}
          value={inputs.prompt}
          disabled={disabled}
          aria-required={!optional}
          aria-describedby={optional ? optionalNoteId : undefined}
          placeholder={t('prompt.placeholder')}
          onChange={(event) => update({ prompt: event.target.value })}
          className={textareaClass}
        />
        {optional && (
          <p id={optionalNoteId} className="text-xs text-zinc-500 dark:text-zinc-400">
            {t('prompt.optionalHere')}
          </p>
        )}
      </div>
      {definition.negativePrompt && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={negativeId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('prompt.negative')}
          </label>
          <textarea
            ref={negativeRef}
            id={negativeId}
            value={negativeLocked ? '' : inputs.negativePrompt}
            disabled={disabled || negativeLocked}
            placeholder={t('prompt.negativePlaceholder')}
            onChange={(event) => update({ negativePrompt: event.target.value })}
            className={`${textareaClass} min-h-16`}
          />
          {negativeLocked && <PlanLock feature="advancedOptions" />}
        </div>
      )}
    </div>
  );
}
