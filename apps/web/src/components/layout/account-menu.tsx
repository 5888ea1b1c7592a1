import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../features/auth/use-session.ts';
import { ACCOUNT_TRIGGER_CLASS } from '../ui/menu-styles.ts';

const AccountMenuPopup = lazy(() => import('./account-menu-popup.tsx'));

/** The signed-in user's menu; a plain avatar button until the Radix menu has loaded. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('common');
  const [openRequested, requestOpen] = useState(false); // a click before the menu loaded
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label={t('account.menu')}
          className={ACCOUNT_TRIGGER_CLASS}
          onClick={() => requestOpen(true)}
        >
          {user.email.charAt(0)}
        </button>
      }
    >
      <AccountMenuPopup user={user} defaultOpen={openRequested} />
    </Suspense>
  );
}
