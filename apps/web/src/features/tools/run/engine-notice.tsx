import { providerVariablesFor, type ToolId, type ToolInfo } from '@atelier/contracts';
import { clsx } from 'clsx';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useIsAdmin } from '../../../app/require-admin.tsx';
import { runIsDemo } from '../api/use-tool-catalogue.ts';
import type { OptionValues } from '../definitions/tool-definitions.ts';

// The demo engine is a warning (its output is not AI); the others are plain information.
const WARNING =
  'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100';
const NEUTRAL = 'border-zinc-200 bg-white text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300';

/**
 * Says plainly what will process the input: the demo engine is never passed off
 * as AI, local inpainting fills from the surroundings, and the browser tool keeps the image.
 * The demo notice speaks to the user; which server variables would give the tool a provider
 * is the operator's business, shown to admins only.
 */
export function EngineNotice({
  tool,
  info,
  options,
}: {
  tool: ToolId;
  info: ToolInfo | undefined;
  options: OptionValues;
}) {
  const { t, i18n } = useTranslation('tool-run');
  const demo = runIsDemo(info, options);
  const admin = useIsAdmin();
  const text = demo ? 'engine.demo' : noticeKey(tool, info);
  if (!text) return null;
  return (
    <p
      data-testid="engine-notice"
      className={clsx('flex gap-2 rounded-2xl border px-3.5 py-2.5 text-sm', demo ? WARNING : NEUTRAL)}
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {t(text)}
        {demo && admin && <> {t('engine.demoAdmin', { variable: providerVariableList(tool, i18n.language) })}</>}
      </span>
    </p>
  );
}

function noticeKey(tool: ToolId, info: ToolInfo | undefined): string | null {
  switch (info?.engine.kind) {
    case 'client':
      return 'engine.browser';
    case 'local':
      return tool === 'inpainting' ? 'engine.localInpainting' : 'engine.local';
    default:
      return null;
  }
}

/** "RECRAFT_API_KEY, OPENAI_API_KEY or COMFYUI_URL": any one of them gives the tool a real provider. */
export function providerVariableList(tool: ToolId, language: string): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(providerVariablesFor(tool));
}
