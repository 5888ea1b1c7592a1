import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import type { useBatchRun } from '../batch/use-batch-run.ts';
import { removeBackgroundInBrowser } from '../browser-engine/remove-background-in-browser.ts';
import type { ToolPageDefinition } from '../definitions/tool-definitions.ts';
import { withStoredInput } from '../definitions/tool-links.ts';
import { imageChecksSettled } from '../intake/check-image-file.ts';
import type { MaskPainter } from '../mask/use-mask-painter.ts';
import { preloadContinueWithMenu } from '../result/lazy-continue-with-menu.tsx';
import { preloadResultActions } from '../result/lazy-result-actions.tsx';
import { missingInput, type RunInputs, runFormData } from './run-inputs.ts';
import type { FromOutput } from './use-run-source.ts';
import type { useToolRun } from './use-tool-run.ts';

interface WorkspaceRunOptions {
  definition: ToolPageDefinition;
  /** The page's fields as the serving engine takes them (what the run sends). */
  fields: ToolPageDefinition;
  inputs: RunInputs;
  processing: boolean;
  /** Why Run is disabled, or null. */
  blocked: string | null;
  run: ReturnType<typeof useToolRun>;
  batch: ReturnType<typeof useBatchRun>;
  painter: MaskPainter;
  fromOutput: FromOutput | null;
}

/**
 * Run pressed: a batch, a browser run or a server run, with the inputs checked first. Returned
 * as `runOnceImagesChecked` (pressed while an image is being checked, it waits for the check
 * and then runs with what it let in) and `retryTile` (a failed tile of the batch again, as a
 * single run with the batch's options).
 */
export function useWorkspaceRun(options: WorkspaceRunOptions) {
  const { definition, fields, inputs, processing, blocked, batch, painter, fromOutput } = options;
  const { start, startInBrowser } = options.run;
  const { t } = useTranslation('tool-run');
  // The options a batch was started with: a retried tile runs with them, whatever the form says now.
  const batchInputs = useRef<RunInputs | null>(null);

  async function run() {
    if (processing) return;
    // Its result will offer these: their code loads while it runs.
    preloadResultActions();
    preloadContinueWithMenu();
    if (blocked) {
      void notify((toast) => toast.error(blocked));
      return;
    }
    if (batch.tiles.length > 0) {
      const missing = missingInput(fields, { ...inputs, image: batch.tiles[0]?.file ?? null });
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
    const missing = missingInput(fields, sent);
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

  function retryTile(key: string) {
    const tile = batch.tiles.find((candidate) => candidate.key === key);
    if (!tile) return;
    void batch.retry(key, runFormData(fields, { ...(batchInputs.current ?? inputs), image: tile.file }));
  }

  // The run as of the latest render.
  const latestRun = useRef(run);
  latestRun.current = run;
  const runOnceImagesChecked = () => void imageChecksSettled().then(() => latestRun.current());
  return { runOnceImagesChecked, retryTile };
}
