import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TRIGGER_CLASS } from '../../components/ui/menu-styles.ts';
import type { SessionUser } from '../../features/auth/index.ts';
import { useHydrated } from '../../lib/use-hydrating.ts';

const AccountMenuPopup = lazy(() => import('./account-menu-popup.tsx'));

/**
 * The signed-in user's menu: a plain avatar button in the server's HTML and while the page
 * hydrates, the Radix menu from right after. A press on the plain button is kept and opens the
 * menu as soon as it is there: rendered by the server, the menu itself would be a part React
 * hydrates only once its code has loaded, and a press before that was lost. The plain button
 * takes the press on pointerdown as the Radix trigger does, and the menu is mounted afresh, open,
 * when it comes: the menu's code may arrive between pointerdown and click, and a menu already
 * mounted closed would not read `defaultOpen` again.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const [openRequested, requestOpen] = useState(false); // a press before the menu loaded
  const plain = (
    <button
      type="button"
      aria-label={t('account.menu')}
      aria-haspopup="menu"
      aria-expanded={false}
      className={ACCOUNT_TRIGGER_CLASS}
      onPointerDown={() => requestOpen(true)}
      onClick={() => requestOpen(true)}
    >
      {user.email.charAt(0)}
    </button>
  );
  if (!hydrated && !openRequested) return plain;
  return (
    <Suspense fallback={plain}>
      <AccountMenuPopup key={openRequested ? 'requested' : 'idle'} user={user} defaultOpen={openRequested} />
    </Suspense>
  );
}
