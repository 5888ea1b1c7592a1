import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../features/auth/use-session.ts';
import { buttonClass } from '../ui/button-styles.ts';

const MobileMenuPanel = lazy(() => import('./mobile-menu-panel.tsx'));

/**
 * The hamburger menu of small screens; a plain button until the Radix dialog has loaded,
 * which it does once `load` (the small-screen layout is on screen) or on a tap.
 */
export function MobileMenu({ session, load }: { session: SessionState; load: boolean }) {
  const { t } = useTranslation('common');
  const [openRequested, requestOpen] = useState(false); // a tap before the menu loaded
  const plain = (
    <button
      type="button"
      aria-label={t('nav.openMenu')}
      className={buttonClass('ghost', 'icon')}
      onClick={() => requestOpen(true)}
    >
      <Menu aria-hidden="true" className="size-5" />
    </button>
  );
  if (!load && !openRequested) return plain;
  return (
    <Suspense fallback={plain}>
      <MobileMenuPanel session={session} defaultOpen={openRequested} />
    </Suspense>
  );
}
