import type { RunOutput } from '@atelier/contracts';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { LazyContinueWithMenu } from '../result/lazy-continue-with-menu.tsx';
import { CHECKERBOARD } from './stage-frame.tsx';

/** Every output at once, as tiles; one opens it on the stage. */
export function ResultGrid({
  outputs,
  runId,
  onOpen,
}: {
  outputs: readonly RunOutput[];
  /** The stored run, for Continue with… on each tile. */
  runId: string | null;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation(['tool-run', 'studio-batch']);
  const columns = outputs.length <= 4 ? 2 : 3;
  return (
    <ul
      className="grid size-full auto-rows-fr gap-3 overflow-y-auto p-3"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {outputs.map((output, index) => (
        <li key={output.url} className="relative min-h-0">
          <button
            type="button"
            onClick={() => onOpen(index)}
            aria-label={t('stage.openResult', { n: index + 1 })}
            className="flex size-full items-center justify-center overflow-hidden rounded-xl p-1 hover:ring-2 hover:ring-brand-500"
          >
            <img
              src={output.url}
              alt={t('result.resultAlt', { n: index + 1 })}
              width={output.width}
              height={output.height}
              className={clsx('max-h-full max-w-full bg-[length:16px_16px] object-contain shadow-sm', CHECKERBOARD)}
            />
          </button>
          {runId && (
            <div className="absolute top-2 right-2">
              <LazyContinueWithMenu
                mediaType={output.mediaType}
                resolve={() => Promise.resolve({ runId, outputIndex: index })}
                label={t('studio-batch:continue.labelN', { n: index + 1 })}
                compact
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
