import type { Run } from '@atelier/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { notify } from '../../../lib/notify.ts';
import { parseToolSource } from '../../../lib/tool-href.ts';
import { toolsApi } from '../api/tools-api.ts';
import type { ToolPageDefinition } from '../definitions/tool-definitions.ts';
import { formFromRun, outputFileName } from '../definitions/tool-links.ts';
import { fileFromUrl } from '../intake/input-sources.ts';
import type { RunInputs } from './run-inputs.ts';

/** Continue with…: the image is another run's stored output, sent by reference while it is the input. */
export interface FromOutput {
  runId: string;
  outputIndex: number;
  tool: Run['tool'];
  file: File;
}

/**
 * A page opened from another run (Continue with…, or History's Open in tool) fills itself once:
 * with that run's output as its image, or with the run's options and inputs. Returns the output
 * the image came from, if it did.
 */
export function useRunSource(
  definition: ToolPageDefinition,
  intake: (file: File) => Promise<boolean>,
  update: (change: Partial<RunInputs>) => void,
  setPendingMask: (mask: File) => void,
): FromOutput | null {
  const { t } = useTranslation('studio-batch');
  const [fromOutput, setFromOutput] = useState<FromOutput | null>(null);
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
  }, [source, definition, intake, update, setPendingMask, t]);
  return fromOutput;
}
