import { clsx } from 'clsx';
import { ImagePlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolPageDefinition } from '../definitions/tool-definitions.ts';
import type { RunState } from '../run/use-tool-run.ts';
import type { InputImage, StageShow } from './stage-show.ts';

/** The thumbnails under a result: original, mask, each output and the grid; the one shown is pressed. */
export function ResultViews({
  result,
  shown,
  input,
  maskUrl,
  definition,
  onShow,
}: {
  result: NonNullable<Extract<RunState, { phase: 'succeeded' }>['result']>;
  shown: StageShow;
  input: InputImage | null;
  maskUrl: string | null;
  definition: ToolPageDefinition;
  onShow: (show: StageShow) => void;
}) {
  const { t } = useTranslation('tool-run');
  const many = result.outputs.length > 1;
  // `caption` is what fits under a 40 px thumbnail; `label` names the button when they differ.
  const views: { key: string; show: StageShow; caption: string; label?: string; src?: string; icon?: ReactNode }[] = [];
  if (input) views.push({ key: 'input', show: { kind: 'input' }, caption: t('stage.input'), src: input.url });
  if (definition.mask && maskUrl)
    views.push({ key: 'mask', show: { kind: 'mask' }, caption: t('result.mask'), src: maskUrl });
  result.outputs.forEach((output, index) => {
    views.push({
      key: `output-${index}`,
      show: { kind: 'output', index },
      caption: many ? String(index + 1) : t('result.result'),
      label: many ? t('result.resultN', { n: index + 1 }) : undefined,
      src: output.url,
    });
  });
  if (many)
    views.push({
      key: 'grid',
      show: { kind: 'grid' },
      caption: t('stage.grid'),
      label: t('stage.gridLabel'),
      icon: <ImagePlus aria-hidden="true" className="size-5" />,
    });
  const same = (a: StageShow, b: StageShow) =>
    a.kind === b.kind && (a.kind !== 'output' || (b.kind === 'output' && a.index === b.index));
  return (
    <ul aria-label={t('stage.views')} className="flex min-w-0 gap-2 overflow-x-auto py-1">
      {views.map((view) => {
        const pressed = same(view.show, shown);
        return (
          <li key={view.key} className="shrink-0">
            <button
              type="button"
              aria-pressed={pressed}
              aria-label={view.label}
              onClick={() => onShow(view.show)}
              className="group flex w-11 flex-col items-center gap-0.5 rounded-lg"
            >
              <span
                className={clsx(
                  'flex size-10 items-center justify-center overflow-hidden rounded-lg border-2 bg-zinc-100 text-zinc-500 dark:bg-zinc-800',
                  pressed
                    ? 'border-brand-600'
                    : 'border-transparent group-hover:border-zinc-300 dark:group-hover:border-zinc-600',
                )}
              >
                {view.src ? <img src={view.src} alt="" className="size-full object-cover" /> : view.icon}
              </span>
              <span
                className={clsx(
                  'max-w-full truncate text-[11px] leading-tight',
                  pressed ? 'font-medium text-brand-700 dark:text-brand-300' : 'text-zinc-600 dark:text-zinc-400',
                )}
              >
                {view.caption}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
