import { useCallback, useState } from 'react';
import type { ToolPageDefinition } from '../definitions/tool-definitions.ts';
import { withOption } from '../options/tool-options-form.tsx';
import { emptyRunInputs, type RunInputs } from './run-inputs.ts';

/** What the side panel holds for the next run: the images, the mask, the prompts and the options. */
export function useToolInputs(definition: ToolPageDefinition) {
  const [inputs, setInputs] = useState<RunInputs>(() => emptyRunInputs(definition));
  const update = useCallback((change: Partial<RunInputs>) => setInputs((previous) => ({ ...previous, ...change })), []);
  const setMask = useCallback((mask: File | null) => update({ mask }), [update]);
  const setOption = useCallback(
    (name: string, value: string) =>
      setInputs((previous) => ({ ...previous, options: withOption(previous.options, name, value) })),
    [],
  );
  return { inputs, update, setMask, setOption };
}
