import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TRIGGER_CLASS } from '../../components/ui/menu-styles.ts';
import { PlainUntilLoaded } from '../../components/ui/plain-until-loaded.tsx';
import type { SessionUser } from '../../features/auth/index.ts';

const AccountMenuPopup = lazy(() => import('./account-menu-popup.tsx'));

/**
 * The signed-in user's menu: a plain avatar button in the server's HTML and while the page
 * hydrates, the Radix menu once its code is in. The plain button takes the press on pointerdown
 * as the Radix trigger does: the menu's code may arrive between pointerdown and click.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('common');
  return (
    <PlainUntilLoaded
      loadNow
      plain={(requestOpen) => (
        <button
          type="button"
          aria-label={t('account.menu')}
          aria-haspopup="menu"
          aria-expanded={false}
          className={ACCOUNT_TRIGGER_CLASS}
          onPointerDown={requestOpen}
          onClick={requestOpen}
        >
          {user.email.charAt(0)}
        </button>
      )}
      loaded={(defaultOpen) => <AccountMenuPopup user={user} defaultOpen={defaultOpen} />}
    />
  );
}
