import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** A spinner that screen readers announce as a status ("Loading…" unless told otherwise). */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span role="status" aria-label={label ?? t('loading')} className={clsx('inline-flex', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-[3px] border-zinc-200 border-t-brand-600 dark:border-zinc-800 dark:border-t-brand-400"
      />
    </span>
  );
}

/**
 * Fills the page area while a route, its text or the session loads: the whole viewport below
 * the top bar, so the footer never shows for a moment only to be pushed away (a layout shift).
 */
export function PageSpinner() {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center">
      <Spinner />
    </div>
  );
}
