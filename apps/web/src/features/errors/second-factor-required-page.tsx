import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';

/**
 * An admin at /admin whose session was not signed in with a second factor while the server
 * requires one (ADMIN_REQUIRE_2FA): where to turn it on, instead of a console that fails.
 */
export default function SecondFactorRequiredPage() {
  const { t } = useTranslation('errors');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('adminSecondFactor.title')}</h1>
      <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t('adminSecondFactor.body')}</p>
      <Link to="/security" className={buttonClass('primary', 'md', 'mt-8')}>
        {t('adminSecondFactor.action')}
      </Link>
    </div>
  );
}
