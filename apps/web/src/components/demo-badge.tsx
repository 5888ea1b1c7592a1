import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/**
 * Marks a tool whose runs the demo engine makes on this server (no AI provider, no local
 * model): its results are placeholders, and free. Amber, as the tool page's demo notice is.
 */
export function DemoBadge({ className }: { className?: string }) {
  const { t } = useTranslation('tools');
  return (
    <span
      title={t('demoHint')}
      data-testid="demo-badge"
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
        className,
      )}
    >
      {t('demo')}
    </span>
  );
}
