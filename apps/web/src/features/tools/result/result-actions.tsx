import { Copy, Download, Images } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { notify } from '../../../lib/notify.ts';
// The one cross-feature import of the tool pages: the gallery owns its save dialog
// (a make-public checkbox, Cancel and Save), and the tool pages open it.
import { SaveToGalleryDialog } from '../../gallery/index.ts';
import { toolsApi } from '../api/tools-api.ts';
import type { ToolPageDefinition } from '../definitions/tool-definitions.ts';
import { saveResultText } from '../run/run-failure-text.ts';
import type { ToolResult } from '../run/use-tool-run.ts';
import { PHONE_LABELLED_ACTION_CLASS } from '../stage/icon-button.tsx';
import { ContinueWithMenu, type OutputRef } from './continue-with-menu.tsx';
import { convert, copyImage, isTransparent } from './convert-image.ts';
import {
  conversionFor,
  type DownloadFormat,
  defaultFormat,
  downloadFormats,
  FORMAT_MEDIA_TYPES,
} from './download-formats.ts';
import { downloadName } from './download-name.ts';
import { fetchBlob, saveAs } from './save-file.ts';

const FORMAT_NAMES: Record<DownloadFormat, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', svg: 'SVG' };

interface ResultActionsProps {
  definition: ToolPageDefinition;
  result: ToolResult;
  /** The output the actions apply to (the one the stage shows). */
  index: number;
  prompt: string;
  negativePrompt: string;
  /** Describes the save button (a browser result uploads the cut-out first). */
  saveNoteId?: string;
}

/**
 * Download (PNG, JPEG or WebP, converted in the browser; SVG stays SVG), Copy (PNG, where the
 * browser allows it) and Save to gallery, for the output shown on the stage.
 */
export function ResultActions({ definition, result, index, prompt, negativePrompt, saveNoteId }: ResultActionsProps) {
  const { t } = useTranslation('tool-run');
  const formatId = useId();
  const output = result.outputs[index] ?? result.outputs[0];
  const [transparent, setTransparent] = useState<boolean | undefined>(undefined);
  const [format, setFormat] = useState<DownloadFormat | null>(null);
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState<number | null>(null);
  // A browser result exists only on this device: confirming Save in the gallery's dialog uploads
  // it (the result, never the original) as the run's output, then saves it like any other.
  // Opening the dialog and cancelling sends nothing.
  const [uploaded, setUploaded] = useState(!result.inBrowser);

  const url = output?.url;
  const mediaType = output?.mediaType ?? 'image/png';
  useEffect(() => {
    setTransparent(undefined);
    if (!url || mediaType.startsWith('image/svg')) return;
    let current = true;
    fetchBlob(url)
      .then(isTransparent)
      .then((value) => current && setTransparent(value))
      .catch(() => {}); // unknown: the formats safe for both stay offered
    return () => {
      current = false;
    };
  }, [url, mediaType]);

  const offered = downloadFormats(mediaType, transparent);
  const chosen = format && offered.includes(format) ? format : defaultFormat(mediaType, offered);

  /** Sends a browser result to the server as the run's output (the cut-out, never the original). */
  async function uploadOutput(at: number) {
    const item = result.outputs[at];
    if (!item) throw new Error('No result');
    await toolsApi.uploadBrowserResult(result.runId, await fetchBlob(item.url));
  }

  /** Run when Save is confirmed: uploads a browser result once; a failure is said here. */
  async function uploadBeforeSave(at: number): Promise<boolean> {
    if (uploaded) return true;
    try {
      await uploadOutput(at);
      setUploaded(true);
      return true;
    } catch (error) {
      const text = saveResultText(error);
      void notify((toast) => toast.error(t(text.title), { description: text.description && t(text.description) }));
      return false;
    }
  }

  if (!output) return null;
  const many = result.outputs.length > 1;

  async function download() {
    if (!output) return;
    setBusy(true);
    try {
      const blob = await convert(await fetchBlob(output.url), conversionFor(output.mediaType, chosen));
      saveAs(blob, downloadName(definition.downloadPrefix, FORMAT_MEDIA_TYPES[chosen], index));
    } catch {
      void notify((toast) => toast.error(t('failure.download')));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!output) return;
    const copied = await fetchBlob(output.url).then(copyImage, () => false);
    void notify((toast) => (copied ? toast.success(t('result.copied')) : toast.error(t('result.copyUnsupported'))));
  }

  /** The output as the server stores it; a browser result is uploaded first (as saving does). */
  async function storedOutput(): Promise<OutputRef> {
    if (!uploaded) {
      await uploadOutput(index);
      setUploaded(true);
    }
    return { runId: result.runId, outputIndex: index };
  }

  // On a phone every action shows its label under its icon, in a row of their own (tool-stage.tsx).
  return (
    <div className="flex w-full shrink-0 items-center gap-1 sm:w-auto sm:gap-1.5">
      <label htmlFor={formatId} className="sr-only">
        {t('result.format')}
      </label>
      <select
        id={formatId}
        value={chosen}
        onChange={(event) => setFormat(event.target.value as DownloadFormat)}
        disabled={offered.length < 2}
        className="h-9 w-20 shrink-0 rounded-full border border-zinc-200 bg-white pr-5 pl-2 text-xs sm:w-auto sm:pr-7 sm:pl-3 sm:text-sm text-zinc-900 disabled:opacity-100 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {offered.map((f) => (
          <option key={f} value={f}>
            {FORMAT_NAMES[f]}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={download}
        disabled={busy}
        aria-label={many ? t('result.downloadNth', { n: index + 1 }) : t('result.download')}
        className={buttonClass('primary', 'toolIcon', `sm:w-auto sm:px-4 ${PHONE_LABELLED_ACTION_CLASS}`)}
      >
        <Download aria-hidden="true" className="size-4" />
        <PhoneLabel short={t('result.downloadShort')} long={t('result.download')} />
      </button>
      <button
        type="button"
        onClick={copy}
        aria-label={t('result.copy')}
        title={t('result.copy')}
        className={buttonClass('secondary', 'toolIcon', `xl:w-auto xl:px-3 ${PHONE_LABELLED_ACTION_CLASS}`)}
      >
        <Copy aria-hidden="true" className="size-4" />
        <span className="sm:sr-only xl:not-sr-only">{t('result.copy')}</span>
      </button>
      <ContinueWithMenu mediaType={output.mediaType} resolve={storedOutput} />
      <button
        type="button"
        onClick={() => setSaving(index)}
        aria-label={many ? t('result.saveNth', { n: index + 1 }) : t('result.save')}
        aria-describedby={saveNoteId}
        className={buttonClass('secondary', 'toolIcon', `sm:w-auto sm:px-4 ${PHONE_LABELLED_ACTION_CLASS}`)}
      >
        <Images aria-hidden="true" className="size-4" />
        <PhoneLabel short={t('result.saveShort')} long={t('result.save')} />
      </button>
      {saving !== null && (
        <SaveToGalleryDialog
          runId={result.runId}
          outputIndex={saving}
          prompt={prompt}
          negativePrompt={negativePrompt || null}
          toolType={definition.id}
          demo={result.demo}
          open
          onOpenChange={(open) => !open && setSaving(null)}
          prepare={() => uploadBeforeSave(saving)}
        />
      )}
    </div>
  );
}

/** A short label under the icon on a phone, the full one beside it from `sm`. */
function PhoneLabel({ short, long }: { short: string; long: string }) {
  return (
    <>
      <span className="sm:hidden">{short}</span>
      <span className="max-sm:hidden">{long}</span>
    </>
  );
}

export default ResultActions;
