import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../features/auth/use-session.ts';
import { buttonClass } from '../ui/button-styles.ts';

const MobileMenuPanel = lazy(() => import('./mobile-menu-panel.tsx'));

/** The hamburger menu of small screens; a plain button until the Radix dialog has loaded. */
export function MobileMenu({ session }: { session: SessionState }) {
  const { t } = useTranslation('common');
  const [openRequested, requestOpen] = useState(false); // a tap before the menu loaded
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label={t('nav.openMenu')}
          className={buttonClass('ghost', 'icon')}
          onClick={() => requestOpen(true)}
        >
          <Menu aria-hidden="true" className="size-5" />
        </button>
      }
    >
      <MobileMenuPanel session={session} defaultOpen={openRequested} />
    </Suspense>
  );
}
