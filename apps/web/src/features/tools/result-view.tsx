import type { RunOutput } from '@atelier/contracts';
import { Images } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';
// The one cross-feature import of the tool pages: the gallery owns its save dialog
// (platform.md §2), and the tool pages open it. Recorded as an exception to DESIGN §2.
import { SaveToGalleryDialog } from '../gallery/save-to-gallery-dialog.tsx';
import { CompareSlider } from './compare-slider.tsx';
import { DownloadButton } from './download-button.tsx';
import { saveResultText } from './run-failure-text.ts';
import type { ToolPageDefinition } from './tool-definitions.ts';
import { toolsApi } from './tools-api.ts';
import type { ToolResult } from './use-tool-run.ts';

interface ResultViewProps {
  definition: ToolPageDefinition;
  result: ToolResult;
  originalUrl: string | null;
  maskUrl: string | null;
  prompt: string;
  negativePrompt: string;
}

/**
 * A run's results in the tool's layout: before/after with a compare slider for image-in
 * tools, original · mask · result for inpainting, a grid for generated images (tools.md §2).
 */
export function ResultView({ definition, result, originalUrl, maskUrl, prompt, negativePrompt }: ResultViewProps) {
  const { t } = useTranslation('tool-run');
  const [saving, setSaving] = useState<number | null>(null);
  const noteId = useId();
  // A browser result exists only on this device: saving uploads it (the result, never the
  // original) as the run's output first, then the gallery's dialog saves it like any other.
  const [uploaded, setUploaded] = useState(!result.inBrowser);
  const upload = useMutation({
    mutationFn: async (index: number) => {
      const output = result.outputs[index];
      if (!output) throw new Error('No result');
      const blob = await (await fetch(output.url)).blob();
      await toolsApi.uploadBrowserResult(result.runId, blob);
    },
    onSuccess: (_, index) => {
      setUploaded(true);
      setSaving(index);
    },
    onError: (error) => {
      const text = saveResultText(error);
      void notify((toast) => toast.error(t(text.title), { description: text.description && t(text.description) }));
    },
  });
  const { outputs } = result;
  const first = outputs[0];
  if (!first) return null;
  const save = (index: number) => (uploaded ? setSaving(index) : upload.mutate(index));

  const actions = (output: RunOutput, index: number) => (
    <div className="flex flex-wrap gap-2">
      <DownloadButton
        url={output.url}
        mediaType={output.mediaType}
        prefix={definition.downloadPrefix}
        index={index}
        label={outputs.length > 1 ? t('result.downloadNth', { n: index + 1 }) : undefined}
      />
      <button
        type="button"
        onClick={() => save(index)}
        disabled={upload.isPending}
        aria-describedby={result.inBrowser ? noteId : undefined}
        className={buttonClass('secondary', 'sm')}
      >
        <Images aria-hidden="true" className="size-4" />
        {upload.isPending
          ? t('result.uploading')
          : outputs.length > 1
            ? t('result.saveNth', { n: index + 1 })
            : t('result.save')}
      </button>
    </div>
  );

  const singleImageIn = definition.result !== 'grid' && originalUrl && outputs.length === 1;
  return (
    <section aria-labelledby="result-heading" className="flex flex-col gap-4">
      <h2 id="result-heading" className="text-xl font-semibold">
        {t('result.heading')}
      </h2>
      {definition.result === 'inpaint' && originalUrl ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <Labelled label={t('result.original')} src={originalUrl} alt={t('result.originalAlt')} />
          {maskUrl && <Labelled label={t('result.mask')} src={maskUrl} alt={t('result.maskAlt')} />}
          <Labelled label={t('result.result')} src={first.url} alt={t('result.resultAlt', { n: 1 })} />
        </div>
      ) : singleImageIn ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="grid grid-cols-2 gap-3">
            <Labelled label={t('result.original')} src={originalUrl} alt={t('result.originalAlt')} />
            <Labelled label={t('result.result')} src={first.url} alt={t('result.resultAlt', { n: 1 })} />
          </div>
          <CompareSlider before={originalUrl} after={first.url} aspect={first.width / Math.max(1, first.height)} />
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {outputs.map((output, index) => (
            <li key={output.url} className="flex flex-col gap-2">
              <img
                src={output.url}
                alt={t('result.resultAlt', { n: index + 1 })}
                width={output.width}
                height={output.height}
                className="h-auto w-full rounded-xl border border-zinc-200 object-contain dark:border-zinc-800"
              />
              {outputs.length > 1 && actions(output, index)}
            </li>
          ))}
        </ul>
      )}
      {outputs.length === 1 && actions(first, 0)}
      {result.inBrowser && (
        <p id={noteId} className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('result.browserSaveNote')}
        </p>
      )}
      {saving !== null && (
        <SaveToGalleryDialog
          runId={result.runId}
          outputIndex={saving}
          prompt={prompt}
          negativePrompt={negativePrompt || null}
          toolType={definition.id}
          open
          onOpenChange={(open) => !open && setSaving(null)}
        />
      )}
    </section>
  );
}

function Labelled({ label, src, alt }: { label: string; src: string; alt: string }) {
  return (
    <figure className="flex flex-col gap-1.5">
      <img
        src={src}
        alt={alt}
        className="h-auto w-full rounded-xl border border-zinc-200 object-contain dark:border-zinc-800"
      />
      <figcaption className="text-sm text-zinc-600 dark:text-zinc-400">{label}</figcaption>
    </figure>
  );
}
