import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { loginHref } from '../../lib/redirect-target.ts';

/** Sign in and Get started: both lead to /login, Get started to its create-account form. */
export function VisitorActions({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className={clsx('flex gap-2', stacked && 'flex-col')}>
      <Link
        to="/login"
        onClick={onNavigate}
        className={buttonClass(stacked ? 'secondary' : 'ghost', stacked ? 'md' : 'sm')}
      >
        {t('nav.signIn')}
      </Link>
      <Link
        to={loginHref({ signUp: true })}
        onClick={onNavigate}
        className={buttonClass('primary', stacked ? 'md' : 'sm')}
      >
        {t('nav.getStarted')}
      </Link>
    </div>
  );
}
