import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TRIGGER_CLASS } from '../ui/menu-styles.ts';

const AccountMenuPopup = lazy(() => import('./account-menu-popup.tsx'));

/** The signed-in user's menu; a plain avatar button until the Radix menu has loaded. */
export function AccountMenu({ email }: { email: string }) {
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
          {email.charAt(0)}
        </button>
      }
    >
      <AccountMenuPopup email={email} defaultOpen={openRequested} />
    </Suspense>
  );
}
