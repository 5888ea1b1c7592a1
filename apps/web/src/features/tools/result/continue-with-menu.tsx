import { ArrowRightFromLine } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ToolIcon } from '../../../components/tool-icon.tsx';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { MENU_ITEM_CLASS, MENU_PANEL_CLASS } from '../../../components/ui/menu-styles.ts';
import { notify } from '../../../lib/notify.ts';
import { continueHref } from '../../../lib/tool-href.ts';
import { continueTargets } from '../definitions/tool-links.ts';
import { PHONE_LABELLED_ACTION_CLASS } from '../stage/icon-button.tsx';

/** The stored run output a result is (a browser result is uploaded first: see `resolve`). */
export interface OutputRef {
  runId: string;
  outputIndex: number;
}

/**
 * "Continue with…": the tools that take this result as their image. Choosing one opens that
 * tool with the result as its input (`/tools/<tool>?fromRun=…&output=…`): nothing is
 * downloaded or uploaded by the user. `resolve` gives the stored output; for a result made in
 * the browser it uploads the result first (as saving does), since the server has nothing yet.
 */
export function ContinueWithMenu({
  mediaType,
  resolve,
  label,
  compact = false,
}: {
  mediaType: string;
  resolve: () => Promise<OutputRef>;
  /** The trigger's accessible name when several results share a page ("Continue with result 2…"). */
  label?: string;
  /** An icon-only trigger (batch tiles). */
  compact?: boolean;
}) {
  const { t } = useTranslation(['studio-batch', 'tools']);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const targets = continueTargets(mediaType);
  if (targets.length === 0) return null;
  const name = label ?? t('continue.label');

  async function choose(tool: (typeof targets)[number]) {
    setBusy(true);
    try {
      const { runId, outputIndex } = await resolve();
      navigate(continueHref(tool, runId, outputIndex));
    } catch {
      void notify((toast) => toast.error(t('continue.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={name}
        title={name}
        disabled={busy}
        className={buttonClass(
          'secondary',
          'toolIcon',
          compact ? '' : `2xl:w-auto 2xl:px-3 ${PHONE_LABELLED_ACTION_CLASS}`,
        )}
      >
        <ArrowRightFromLine aria-hidden="true" className="size-4" />
        {/* Labelled on a phone's action row and on the widest screens. */}
        {!compact && <span className="sm:sr-only 2xl:not-sr-only">{t('continue.short')}</span>}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={MENU_PANEL_CLASS}>
          <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
            {t('continue.heading')}
          </DropdownMenu.Label>
          {targets.map((tool) => (
            <DropdownMenu.Item key={tool} className={MENU_ITEM_CLASS} onSelect={() => void choose(tool)}>
              <ToolIcon id={tool} className="size-4" />
              <span className="flex-1">{t(`${tool}.name`, { ns: 'tools' })}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export default ContinueWithMenu;
