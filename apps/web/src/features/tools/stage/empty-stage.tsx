import { clsx } from 'clsx';
import { ImageUp, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ToolPageDefinition } from '../definitions/tool-definitions.ts';
import type { SampleImage } from '../samples/sample-images.ts';
import { SampleStrip } from '../samples/sample-strip.tsx';

/** The stage before there is an image: a large drop target with the samples, or a prompt tool's hint. */
export function EmptyStage(props: {
  definition: ToolPageDefinition;
  /** The side panel's image input, which the empty stage labels too. */
  imageInputId: string;
  samples: readonly SampleImage[];
  onSample: (sample: SampleImage) => void;
  processing: boolean;
}) {
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
