import { Menu } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { PlainUntilLoaded } from '../../components/ui/plain-until-loaded.tsx';
import type { SessionState } from '../../features/auth/index.ts';

const loadPanel = () => import('./mobile-menu-panel.tsx');
const MobileMenuPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

/**
 * The hamburger menu of small screens: a plain button until the first tap, which renders the
 * Radix dialog open. Loading and rendering the dialog with the page was a long task on a phone,
 * and so was loading it when the browser was idle, so nothing loads it before a
 * tap. Its code is fetched at the touch, before the click arrives.
 */
export function MobileMenu({ session }: { session: SessionState }) {
  const { t } = useTranslation('common');
  return (
    <PlainUntilLoaded
      loadNow={false}
      plain={(requestOpen) => (
        <button
          type="button"
          aria-label={t('nav.openMenu')}
          className={buttonClass('ghost', 'icon')}
          onPointerDown={preloadPanel}
          onClick={requestOpen}
        >
          <Menu aria-hidden="true" className="size-5" />
        </button>
      )}
      loaded={(defaultOpen) => <MobileMenuPanel session={session} defaultOpen={defaultOpen} />}
    />
  );
}
