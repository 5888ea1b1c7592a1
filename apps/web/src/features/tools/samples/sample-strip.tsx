import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { SampleImage } from './sample-images.ts';

/** "Try a sample": each sample a button with its picture; choosing one loads it as an upload would. */
export function SampleStrip({
  samples,
  onChoose,
  disabled,
  large,
}: {
  samples: readonly SampleImage[];
  onChoose: (sample: SampleImage) => void;
  disabled: boolean;
  /** The empty stage shows them larger, with a title; the stage's footer in a row. */
  large?: boolean;
}) {
  const { t } = useTranslation('tool-run');
  if (samples.length === 0) return null;
  return (
    <div className={clsx('flex items-center gap-3', large ? 'flex-col' : 'min-w-0')}>
      <p
        className={clsx(
          'text-sm text-zinc-600 dark:text-zinc-400',
          large ? 'font-medium text-zinc-800 dark:text-zinc-200' : 'hidden shrink-0 sm:block',
        )}
      >
        {large ? t('samples.title') : t('samples.short')}
      </p>
      <ul className="flex gap-2">
        {samples.map((sample) => {
          const name = t(`samples.names.${sample.id}`);
          return (
            <li key={sample.id}>
              <button
                type="button"
                disabled={disabled}
                onClick={(event) => {
                  event.preventDefault(); // inside the empty stage's <label>: no file dialog
                  event.stopPropagation();
                  onChoose(sample);
                }}
                aria-label={t('samples.try', { name })}
                title={name}
                className={clsx(
                  'block overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 transition hover:border-brand-500 hover:ring-2 hover:ring-brand-500/30 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-800',
                  large ? 'size-20' : 'size-11',
                )}
              >
                <img src={sample.url} alt="" width={80} height={80} className="size-full object-cover" />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
