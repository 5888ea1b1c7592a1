import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Before and after on top of each other, split where the slider is. The slider is a native
 * range input, so arrow keys, Home/End and screen readers work without extra code.
 */
export function CompareSlider({ before, after, aspect }: { before: string; after: string; aspect: number }) {
  const { t } = useTranslation('tool-run');
  const id = useId();
  const [position, setPosition] = useState(50);
  return (
    <figure className="flex flex-col gap-2">
      <div
        className="relative w-full overflow-hidden rounded-xl bg-[repeating-conic-gradient(#e4e4e7_0%_25%,#fff_0%_50%)] bg-[length:16px_16px] dark:bg-[repeating-conic-gradient(#27272a_0%_25%,#18181b_0%_50%)]"
        style={{ aspectRatio: aspect }}
      >
        <img src={after} alt={t('result.afterAlt')} className="absolute inset-0 size-full object-contain" />
        <img
          src={before}
          alt={t('result.beforeAlt')}
          className="absolute inset-0 size-full object-contain"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        />
        <div aria-hidden="true" className="absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${position}%` }} />
      </div>
      <label htmlFor={id} className="sr-only">
        {t('result.compare')}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={position}
        aria-valuetext={t('result.compareValue', { percent: position })}
        onChange={(event) => setPosition(Number(event.target.value))}
        className="w-full accent-brand-600"
      />
      <figcaption className="flex justify-between text-xs text-zinc-500">
        <span>{t('result.before')}</span>
        <span>{t('result.after')}</span>
      </figcaption>
    </figure>
  );
}
