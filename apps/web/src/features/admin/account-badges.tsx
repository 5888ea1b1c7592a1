import type { AdminUserSummary } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium';

/** Active / Disabled, and Admin. */
export function AccountBadges({ user }: { user: Pick<AdminUserSummary, 'disabled' | 'admin'> }) {
  const { t } = useTranslation('admin');
  return (
    <span className="inline-flex flex-wrap gap-1">
      {user.disabled ? (
        <span className={`${badge} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300`}>
          {t('status.disabled')}
        </span>
      ) : (
        <span className={`${badge} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300`}>
          {t('status.active')}
        </span>
      )}
      {user.admin && (
        <span className={`${badge} bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300`}>
          {t('status.admin')}
        </span>
      )}
    </span>
  );
}
