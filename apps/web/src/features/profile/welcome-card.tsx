import type { ProfileDto } from '@atelier/contracts';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';

/** The greeting, with a Refresh that reloads the profile (credits change as tools run). */
export function WelcomeCard({
  profile,
  onRefresh,
  refreshing,
}: {
  profile: ProfileDto;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation('profile');
  const name = profile.username ?? profile.email.split('@')[0];
  return (
    <section className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-500 p-6 text-white shadow-sm">
      <div>
        <h1 className="text-2xl font-bold">{t('welcome.title', { name })}</h1>
        <p className="mt-1 text-sm text-white/85">{t('welcome.body')}</p>
      </div>
      <button
        type="button"
        onClick={onRefresh}
        disabled={refreshing}
        className={buttonClass(
          'secondary',
          'sm',
          'border-white/30 bg-white/10 text-white hover:bg-white/20 dark:border-white/30 dark:bg-white/10',
        )}
      >
        <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
        {t('welcome.refresh')}
      </button>
    </section>
  );
}
