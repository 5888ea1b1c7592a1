import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { cachedIntlFormat } from '../../../lib/intl-cache.ts';
import { IconButton } from './icon-button.tsx';
import type { StageView } from './use-stage-view.ts';

/**
 * A language's percent format, kept once made (lib/intl-cache.ts): the level changes at every
 * step of a zoom. An empty stage shows no level, so a page's first render makes none.
 */
const percentFormat = (language: string) =>
  cachedIntlFormat(
    `percent ${language}`,
    () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }),
  );

/** Zoom out, the level, zoom in, Fit and 100 %: the stage's buttons for what the wheel and pinch do. */
export function ZoomControls({ stage, disabled }: { stage: StageView; disabled: boolean }) {
  const { t, i18n } = useTranslation('tool-run');
  return (
    <fieldset className="m-0 flex min-w-0 items-center gap-0.5 border-0 p-0">
      <legend className="sr-only">{t('zoom.label')}</legend>
      <IconButton label={t('zoom.out')} shortcut="−" icon={ZoomOut} onClick={stage.zoomOut} disabled={disabled} />
      <output
        aria-label={t('zoom.level')}
        data-testid="zoom-level"
        className="w-14 text-center text-sm tabular-nums text-zinc-700 dark:text-zinc-300"
      >
        {disabled ? '—' : percentFormat(i18n.language).format(stage.view.scale)}
      </output>
      <IconButton label={t('zoom.in')} shortcut="+" icon={ZoomIn} onClick={stage.zoomIn} disabled={disabled} />
      <button
        type="button"
        onClick={stage.fit}
        disabled={disabled}
        aria-label={t('zoom.fitLabel')}
        aria-pressed={disabled ? undefined : stage.fitted}
        title={`${t('zoom.fitLabel')} (0)`}
        className={buttonClass(
          'ghost',
          'sm',
          'h-9 px-2.5 aria-pressed:text-brand-700 dark:aria-pressed:text-brand-300',
        )}
      >
        <Maximize aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">{t('zoom.fit')}</span>
      </button>
      <button
        type="button"
        onClick={stage.actualSize}
        disabled={disabled}
        aria-label={t('zoom.actualLabel')}
        title={`${t('zoom.actualLabel')} (1)`}
        className={buttonClass('ghost', 'toolText', 'tabular-nums')}
      >
        {t('zoom.actual')}
      </button>
    </fieldset>
  );
}
